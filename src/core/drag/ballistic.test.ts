/**
 * B* ↔ Cd·A/m. CelesTrak's TLE FAQ (T.S. Kelso) gives the ballistic coefficient m/(Cd A) = 1/(12.741621 B*)
 * kg/m² for B* in 1/Earth radii (ρ0 = 2.461e-5 kg m⁻² km⁻¹ of Hoots & Roehrich 1980 times R⊕ = 6,378.135 km).
 */
import { describe, expect, it } from 'vitest';
import { BSTAR_REFERENCE_DENSITY_KG_PER_M2, bstarFromDragParameter, dragParameterFromBstar } from './ballistic.ts';

describe('B*', () => {
  it('Cd·A/m = 12.741621 B*', () => {
    expect(dragParameterFromBstar(1)).toBeCloseTo(12.741621, 6);
    expect(BSTAR_REFERENCE_DENSITY_KG_PER_M2).toBeCloseTo(0.1569659, 7);
    // ISS (ZARYA), 2023-10-09 (shared/reference/catalog): B* = 0.35938e-3 → Cd·A/m = 4.579e-3 m²/kg, 218 kg/m².
    expect(dragParameterFromBstar(0.35938e-3)).toBeCloseTo(4.5791e-3, 7);
    expect(1 / dragParameterFromBstar(0.35938e-3)).toBeCloseTo(218.38, 1);
  });

  it('round-trips', () => {
    for (const b of [1e-5, 3.5938e-4, 0.13519]) expect(bstarFromDragParameter(dragParameterFromBstar(b))).toBeCloseTo(b, 15);
  });
});
