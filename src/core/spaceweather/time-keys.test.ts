import { describe, expect, it } from 'vitest';
import { dayLabel, intervalLabel, keyCache } from './time-keys.ts';

describe('keyCache', () => {
  it('makes a value once per key while its slot holds it, and again when a key of the same slot came between', () => {
    const made: number[] = [];
    const square = keyCache((k) => {
      made.push(k);
      return { k2: k * k };
    }, 8);
    const first = square(3);
    expect(square(3)).toBe(first);
    expect(square(-5)).toEqual({ k2: 25 }); // -5 mod 8 = slot 3: replaces 3
    expect(square(3)).not.toBe(first);
    expect(square(11)).toEqual({ k2: 121 }); // slot 3 again
    expect(made).toEqual([3, -5, 3, 11]);
  });

  it('never holds NaN: make sees it (and throws for it) every time', () => {
    let calls = 0;
    const f = keyCache((k) => {
      calls += 1;
      return k;
    });
    f(Number.NaN);
    f(Number.NaN);
    expect(calls).toBe(2);
    expect(() => dayLabel(Number.NaN)).toThrow(RangeError);
  });
});

describe('day and interval labels', () => {
  it('are the UTC date and 3-hour interval, the same when asked again after other keys', () => {
    expect(dayLabel(0)).toBe('1970-01-01');
    expect(dayLabel(19_800)).toBe('2024-03-18');
    expect(dayLabel(-1)).toBe('1969-12-31');
    expect(intervalLabel(19_800 * 8 + 7)).toBe('2024-03-18T21:00Z/+3h');
    for (let d = 19_000; d < 19_000 + 10_000; d += 1) dayLabel(d);
    expect(dayLabel(19_800)).toBe('2024-03-18');
    expect(dayLabel(19_800 + 4096)).toBe('2035-06-05');
  });
});
