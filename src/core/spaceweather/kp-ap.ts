/**
 * Kp ↔ ap: the fixed conversion of Bartels (1957) ("The technique of scaling indices K and Q of
 * geomagnetic activity", Annals of the IGY 4, 215–226), as GFZ Potsdam publishes it with Kp
 * (Matzka et al. 2021, "The geomagnetic Kp index and derived indices of geomagnetic activity",
 * Space Weather 19, e2020SW002641, Table 1): each Kp third maps to one ap value (2 nT units).
 * Every observed row of both CelesTrak SW-All samples obeys it (tests/integration/spaceweather-celestrak.test.ts).
 *
 * Kp is written in thirds: 0o, 0+, 1−, 1o, 1+, …, 9−, 9o = 0, 1/3, 2/3, 1, 4/3, …, 26/3, 9.
 */

/** ap for Kp = n/3, n = 0…27 (0o … 9o). */
export const AP_OF_KP_THIRDS: readonly number[] = [
  0, 2, 3, 4, 5, 6, 7, 9, 12, 15, 18, 22, 27, 32, 39, 48, 56, 67, 80, 94, 111, 132, 154, 179, 207, 236, 300, 400,
];

/** Kp rounded to the nearest third (SWPC writes thirds as 1.33, 1.67, …), clamped to 0–9. */
export function nearestKpThird(kp: number): number {
  return Math.min(27, Math.max(0, Math.round(kp * 3))) / 3;
}

/** ap of a decimal Kp, taken at its nearest third. */
export function kpToAp(kp: number): number {
  return AP_OF_KP_THIRDS[Math.round(nearestKpThird(kp) * 3)]!;
}

/**
 * The Kp third whose ap is nearest to `ap` (ties to the lower Kp): the inverse of the table for
 * its own values (15 → 3o, 12 → 3−), an approximation between them.
 */
export function apToKp(ap: number): number {
  let best = 0;
  for (let n = 1; n < AP_OF_KP_THIRDS.length; n += 1) {
    if (Math.abs(AP_OF_KP_THIRDS[n]! - ap) < Math.abs(AP_OF_KP_THIRDS[best]! - ap)) best = n;
  }
  return best / 3;
}

/** The codes SW-All writes for Kp thirds (Kp × 10, rounded): 0, 3, 7, 10, 13, 17, …, 90. */
export const KP_TIMES_TEN_OF_THIRDS: readonly number[] = AP_OF_KP_THIRDS.map((_, n) => Math.round((10 * n) / 3));

/**
 * Decimal Kp from SW-All's KPn code. A code of a third (0, 3, 7, 10, …) is that exact third
 * (7 → 2/3, not 0.7); any other code (daily predictions are Kp × 10 converted from a predicted Ap:
 * 22, 24, 29, …) is divided by 10, as the file's documentation says.
 */
export function kpFromTimesTen(code: number): number {
  const n = KP_TIMES_TEN_OF_THIRDS.indexOf(code);
  return n >= 0 ? n / 3 : code / 10;
}
