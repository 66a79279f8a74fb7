/**
 * Risk level and the "1 in N" form of a collision probability (shared/spec/DECISIONS.md §5).
 *
 * Levels: critical ≥ 1e-4, high ≥ 1e-5, medium ≥ 1e-7, low below; DECISIONS.md §5 takes 1e-4
 * from NASA CARA's mitigation threshold and 1e-7 from its attention threshold. N = round(1/Pc).
 * A Pc exactly at a threshold belongs to the higher level ("≥").
 */

export type RiskLevel = 'critical' | 'high' | 'medium' | 'low';

/** Lower bounds of each level, highest first (DECISIONS.md §5). */
export const RISK_THRESHOLDS: readonly { readonly level: Exclude<RiskLevel, 'low'>; readonly minPc: number }[] = [
  { level: 'critical', minPc: 1e-4 },
  { level: 'high', minPc: 1e-5 },
  { level: 'medium', minPc: 1e-7 },
];

function checkPc(pc: number, what: string): void {
  if (!(pc >= 0 && pc <= 1)) throw new RangeError(`${what}: Pc must be a number in [0, 1], got ${pc}`);
}

/** The risk level of a probability of collision in [0, 1]. */
export function riskLevel(pc: number): RiskLevel {
  checkPc(pc, 'riskLevel');
  for (const { level, minPc } of RISK_THRESHOLDS) if (pc >= minPc) return level;
  return 'low';
}

/**
 * The floor under a Pc for its "1 in N": a Pc that underflows (0, or a subnormal such as 2.7e-314,
 * whose 1/Pc is Infinity, which JSON cannot carry) would leave no finite N. 1e-30 lies twenty orders
 * below any threshold an operator acts on (CARA's attention threshold is 1e-7), so below it the Pc
 * is shown as "< 1:1e30" and nothing is lost.
 */
export const ONE_IN_N_PC_FLOOR = 1e-30;
/** N at the floor (exactly 1e30; 1/1e-30 rounds to 9.999999999999999e29 in doubles). */
export const ONE_IN_N_MAX = 1e30;

/** N of "1 in N" for a probability in [0, 1]: round(1/Pc), and ONE_IN_N_MAX at or below ONE_IN_N_PC_FLOOR, so always finite. */
export function oneInN(pc: number): number {
  checkPc(pc, 'oneInN');
  return pc <= ONE_IN_N_PC_FLOOR ? ONE_IN_N_MAX : Math.min(ONE_IN_N_MAX, Math.round(1 / pc));
}
