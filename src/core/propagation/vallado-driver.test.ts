import { describe, expect, it } from 'vitest';
import { parseVerificationRange, valladoTimes } from './vallado-driver.ts';

describe("Vallado's verification time grid", () => {
  it('reads start/stop/step after column 69', () => {
    const line2 = '2 00005  34.2682 348.7242 1859667 331.7664  19.3264 10.82419157413667     0.00      4320.0        360.00';
    expect(parseVerificationRange(line2)).toEqual({ start: 0, stop: 4320, step: 360 });
    expect(parseVerificationRange(line2.slice(0, 69))).toBeUndefined();
    expect(parseVerificationRange(`${line2.slice(0, 69)}  1 2 x`)).toBeUndefined();
  });

  it('starts at 0, then runs start..stop without repeating 0', () => {
    expect(valladoTimes({ start: 0, stop: 1440, step: 360 })).toEqual([0, 360, 720, 1080, 1440]);
  });

  it('adds the stop time when the step does not land on it (case 04632)', () => {
    expect(valladoTimes({ start: -5184, stop: -4896, step: 120 })).toEqual([0, -5184, -5064, -4944, -4896]);
  });

  it('accumulates tsince by repeated addition, as the C driver does', () => {
    const times = valladoTimes({ start: 0, stop: 1, step: 0.1 });
    expect(times[3]).toBe(0.1 + 0.1 + 0.1);
    expect(times.at(-1)).toBe(1);
  });

  it('refuses a step that would never end', () => {
    expect(() => valladoTimes({ start: 0, stop: 10, step: 0 })).toThrow(RangeError);
    expect(() => valladoTimes({ start: 0, stop: 1e9, step: 1 })).toThrow(RangeError);
  });
});
