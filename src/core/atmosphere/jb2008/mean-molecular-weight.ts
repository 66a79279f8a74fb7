/**
 * `XAMBAR`: the mean molecular weight of air between 90 and 105 km, Eq. (1) of Jacchia 1970
 * (SAO Special Report 313), as the SET `JB2008.for` evaluates it: a sixth-degree polynomial in
 * (z − 100 km), Horner's scheme from the top coefficient.
 */

/** DATA C(1..7) of XAMBAR, kg/kmol per km^(i−1). */
const C = [28.15204, -8.5586e-2, 1.284e-4, -1.0056e-5, -1.021e-5, 1.5044e-6, 9.9826e-8] as const;

/** Mean molecular weight (kg/kmol) at `altitudeKm` (meant for 90–105 km). */
export function meanMolecularWeight(altitudeKm: number): number {
  const dz = altitudeKm - 100;
  let amb = C[6];
  for (let j = 5; j >= 0; j--) amb = dz * amb + (C[j] as number);
  return amb;
}
