import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { DEFAULT_MAX_ELEMENT_AGE_DAYS, elementAgeDays, isStaleFor, staleElementSets } from './stale.ts';

const DAY = 86_400_000;
const start = Date.UTC(2026, 5, 1);
const window = { start: utcMs(start), end: utcMs(start + 3 * DAY) };

describe('stale element sets', () => {
  it('measures the age to the nearest instant of the window, 0 inside it', () => {
    expect(elementAgeDays(start - 45 * DAY, window)).toBe(45);
    expect(elementAgeDays(start + DAY, window)).toBe(0);
    expect(elementAgeDays(window.end + 2 * DAY, window)).toBe(2);
    expect(elementAgeDays(start, window)).toBe(0);
  });

  it('is stale beyond the limit only, and never without one', () => {
    expect(DEFAULT_MAX_ELEMENT_AGE_DAYS).toBe(30);
    expect(isStaleFor(start - 30 * DAY, window, 30)).toBe(false);
    expect(isStaleFor(start - 30 * DAY - 1, window, 30)).toBe(true);
    expect(isStaleFor(window.end + 31 * DAY, window, 30)).toBe(true);
    expect(isStaleFor(start - 3000 * DAY, window, undefined)).toBe(false);
  });

  it('lists the stale sets oldest first, then by NORAD id', () => {
    const sets = [
      { norad: 5, epoch: start - 40 * DAY },
      { norad: 3, epoch: start - 400 * DAY },
      { norad: 4, epoch: start - 40 * DAY },
      { norad: 9, epoch: start },
      { norad: 7, epoch: window.end + 60 * DAY },
    ];
    expect(staleElementSets(sets, window, 30)).toEqual([
      { norad: 3, epoch: start - 400 * DAY, ageDays: 400 },
      { norad: 7, epoch: window.end + 60 * DAY, ageDays: 60 },
      { norad: 4, epoch: start - 40 * DAY, ageDays: 40 },
      { norad: 5, epoch: start - 40 * DAY, ageDays: 40 },
    ]);
    expect(staleElementSets(sets, window, undefined)).toEqual([]);
  });
});
