/** Model spread, its badge (product spec §9) and the confidence mapping of model-spread.ts. */
import { describe, expect, it } from 'vitest';
import { confidenceFromSpread, MODEL_ERROR_FLOOR, modelSpread, spreadLevel } from './model-spread.ts';

describe('model spread', () => {
  it('is (max − min)/(2·mean) as spec §9 defines it', () => {
    expect(modelSpread([100, 100])).toBe(0);
    expect(modelSpread([90, 110])).toBeCloseTo(20 / 200, 15);
    expect(modelSpread([1, 2, 3])).toBeCloseTo(2 / 4, 15);
    expect(modelSpread([5])).toBe(0);
    expect(() => modelSpread([])).toThrow(RangeError);
    expect(() => modelSpread([1, -1])).toThrow(RangeError);
    expect(() => modelSpread([1, Number.NaN])).toThrow(RangeError);
  });

  it('badge: red over 25 %, yellow over 15 %, else green', () => {
    expect(spreadLevel(0)).toBe('green');
    expect(spreadLevel(0.15)).toBe('green');
    expect(spreadLevel(0.1501)).toBe('yellow');
    expect(spreadLevel(0.25)).toBe('yellow');
    expect(spreadLevel(0.2501)).toBe('red');
  });

  it('confidence = 100 (1 − √(s² + 0.1²)): 90 % when the models agree, 82 % at 15 %, 73.1 % at 25 %, never negative', () => {
    expect(MODEL_ERROR_FLOOR).toBe(0.1);
    expect(confidenceFromSpread(0)).toBe(90);
    expect(confidenceFromSpread(0.15)).toBe(82);
    expect(confidenceFromSpread(0.25)).toBe(73.1);
    expect(confidenceFromSpread(2)).toBe(0);
    expect(confidenceFromSpread(0.05, 0)).toBe(95);
  });
});
