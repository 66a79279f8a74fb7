import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { UtcDate } from '@/lib/utc-date';

describe('UtcDate', () => {
  it('reads UTC through the local getters', () => {
    const date = new UtcDate('2024-02-29T23:45:12.345Z');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getDay()]).toEqual([2024, 1, 29, 4]);
    expect([date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds()]).toEqual([23, 45, 12, 345]);
    expect(date.getTimezoneOffset()).toBe(0);
  });

  it('survives date-fns cloning, so format prints UTC', () => {
    expect(format(new UtcDate('2024-02-29T23:45:12Z'), 'MMM d, yyyy HH:mm')).toBe('Feb 29, 2024 23:45');
    expect(format(new UtcDate(new Date('2024-01-01T00:00:00Z')), 'yyyy-MM-dd HH:mm')).toBe('2024-01-01 00:00');
  });
});
