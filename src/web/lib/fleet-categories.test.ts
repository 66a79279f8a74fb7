import { describe, expect, it } from 'vitest';
import { TEST_FLEET } from '@/components/satellites/satellite-fixtures';
import { countByCategory, fleetCategoryOf } from '@/lib/fleet-categories';

describe('fleetCategoryOf', () => {
  it('knows the three fleet categories, whatever their case', () => {
    expect(fleetCategoryOf('military')).toBe('military');
    expect(fleetCategoryOf('Commercial')).toBe('commercial');
    expect(fleetCategoryOf(' SCIENTIFIC ')).toBe('scientific');
  });

  it('treats anything else as no category (rendered neutral)', () => {
    expect(fleetCategoryOf('technology')).toBeNull();
    expect(fleetCategoryOf('')).toBeNull();
  });
});

describe('countByCategory', () => {
  it('counts each category and every satellite in the total', () => {
    expect(countByCategory(TEST_FLEET)).toEqual({ military: 2, commercial: 1, scientific: 1, total: 5 });
  });

  it('counts nothing in an empty fleet', () => {
    expect(countByCategory([])).toEqual({ military: 0, commercial: 0, scientific: 0, total: 0 });
  });
});
