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
 * N of "1 in N" for a probability in [0, 1]: round(1/Pc). Pc = 0 (and Pc below 1/Number.MAX_VALUE)
 * gives Infinity: no finite N.
 */
export function oneInN(pc: number): number {
  checkPc(pc, 'oneInN');
  return Math.round(1 / pc);
}
