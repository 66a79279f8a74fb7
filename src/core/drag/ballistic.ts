/**
 * SGP4's B* and the drag parameter Cd·A/m.
 *
 * B* = ½ (Cd A/m) ρ0 R⊕ in 1/ER, with SGP4's reference density ρ0 = 2.461e-5 kg m⁻² km⁻¹ (2.461e-8 kg/m³, about
 * the density at its 120 km reference height; Hoots & Roehrich 1980, Spacetrack Report No. 3) and R⊕ = 6,378.135
 * km (WGS-72), so ρ0 R⊕ = 0.1569659 kg/m² and Cd·A/m = 12.741621 B* m²/kg — the factor CelesTrak's TLE FAQ
 * (T.S. Kelso) gives as "BC = 1/(12.741621 B*)".
 *
 * B* is a fitted parameter: it absorbs the errors of SGP4's static power-law atmosphere and can be noisy or
 * negative (Vallado & Cefola 2012, "Two-line element sets — practice and use", 63rd IAC, Naples). Above ~450 km
 * that atmosphere is far denser than the real one, so B* converted this way underestimates Cd·A/m several-fold
 * (DECAY-VALIDATION.md). Used here only as a last-resort estimate, and said so where it is.
 */

/** ρ0 · R⊕ of SGP4's B*, kg/m². */
export const BSTAR_REFERENCE_DENSITY_KG_PER_M2 = 2.461e-5 * 6378.135;

/** Cd·A/m (m²/kg) from B* (1/Earth radii). */
export function dragParameterFromBstar(bstar: number): number {
  return (2 * bstar) / BSTAR_REFERENCE_DENSITY_KG_PER_M2;
}

/** B* (1/Earth radii) from Cd·A/m (m²/kg). */
export function bstarFromDragParameter(dragParameterM2PerKg: number): number {
  return (dragParameterM2PerKg * BSTAR_REFERENCE_DENSITY_KG_PER_M2) / 2;
}
