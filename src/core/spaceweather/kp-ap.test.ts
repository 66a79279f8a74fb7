/**
 * Bartels' Kp → ap table as GFZ publishes it (Matzka et al. 2021, Table 1), and SW-All's Kp × 10
 * codes (shared/reference/spaceweather/README.md: "0, 3, 7, 10, 13, 17, 20, … = 0o, 0+, 1−, 1o,
 * 1+, 2−, 2o").
 */
import { describe, expect, it } from 'vitest';
import { AP_OF_KP_THIRDS, apToKp, KP_TIMES_TEN_OF_THIRDS, kpFromTimesTen, kpToAp, nearestKpThird } from './kp-ap.ts';

describe('Kp ↔ ap', () => {
  it('maps the 28 Kp thirds to Bartels’ ap values', () => {
    // 0o 0+ 1− 1o 1+ 2− 2o 2+ 3− 3o 3+ 4− 4o 4+ 5− 5o 5+ 6− 6o 6+ 7− 7o 7+ 8− 8o 8+ 9− 9o
    expect(AP_OF_KP_THIRDS).toEqual([0, 2, 3, 4, 5, 6, 7, 9, 12, 15, 18, 22, 27, 32, 39, 48, 56, 67, 80, 94, 111, 132, 154, 179, 207, 236, 300, 400]);
    expect(kpToAp(3)).toBe(15); // 3o
    expect(kpToAp(9)).toBe(400);
    expect(kpToAp(0)).toBe(0);
  });

  it('reads SWPC’s decimal thirds (1.33, 2.67) at the nearest third', () => {
    expect(nearestKpThird(1.33)).toBe(4 / 3);
    expect(nearestKpThird(2.67)).toBe(8 / 3);
    expect(kpToAp(1.33)).toBe(5); // 1+
    expect(kpToAp(2.67)).toBe(12); // 3−
    expect(kpToAp(3.67)).toBe(22); // 4−
    expect(nearestKpThird(-0.2)).toBe(0);
    expect(nearestKpThird(9.4)).toBe(9);
  });

  it('inverts the table on its own values', () => {
    AP_OF_KP_THIRDS.forEach((ap, n) => expect(apToKp(ap)).toBe(n / 3));
    expect(apToKp(15)).toBe(3); // the typical level: Ap 15 is Kp 3o
    expect(apToKp(13)).toBe(8 / 3); // nearer 12 (3−) than 15
  });

  it('decodes SW-All’s Kp × 10 codes: thirds exactly, other codes (daily predictions) / 10', () => {
    expect(KP_TIMES_TEN_OF_THIRDS.slice(0, 8)).toEqual([0, 3, 7, 10, 13, 17, 20, 23]);
    expect(KP_TIMES_TEN_OF_THIRDS.at(-1)).toBe(90);
    expect(kpFromTimesTen(7)).toBe(2 / 3);
    expect(kpFromTimesTen(43)).toBe(13 / 3); // 4+
    expect(kpFromTimesTen(90)).toBe(9);
    // 2024-03-22 PRD row: KP2…KP8 = 22, AP = 8.
    expect(kpFromTimesTen(22)).toBe(2.2);
    expect(kpFromTimesTen(29)).toBe(2.9);
  });
});
