/**
 * The risk step against NASA CARA: the real conjunction TERRA (25994) vs SL-16 DEB (26980),
 * TCA 2022-09-28T22:34:45.893, from tests/reference/pc/pc_cases.json (states and covariances of
 * the CDM; CARA's PcCircle gives Pc2D = 1.0824948102737557e-4 with HBR 15 m). Fed through
 * `assessRisk` with the CDM covariances as a CovarianceSource (the path imported CDMs will take),
 * the Pc must agree to the case's tolerance (1e-6 relative).
 */
import { describe, expect, it } from 'vitest';
import { parseElementSets } from '../elements/parse-element-sets.ts';
import type { Matrix3 } from '../probability/index.ts';
import { PC_CASES, type PcCase } from '../probability/pc-cases.test-support.ts';
import { temePosition, temeVelocity } from '../units.ts';
import type { CloseApproach } from './close-approach.ts';
import { rtnComponents } from './close-approach.ts';
import { assessRisk } from './conjunction-risk.ts';

const km = (m: number[]) => m.map((x) => x / 1000) as [number, number, number];
const position = (c: number[][]): Matrix3 => [c[0]!.slice(0, 3), c[1]!.slice(0, 3), c[2]!.slice(0, 3)] as unknown as Matrix3;

function approachOf(c: PcCase): CloseApproach {
  const r1 = km(c.r1);
  const r2 = km(c.r2);
  const miss = [r2[0] - r1[0], r2[1] - r1[1], r2[2] - r1[2]] as const;
  const v1 = km(c.v1);
  const v2 = km(c.v2);
  return {
    primary: 25994,
    secondary: 26980,
    tca: Date.UTC(2022, 8, 28, 22, 34, 45, 893),
    missDistanceKm: Math.hypot(...miss),
    relativeSpeedKmS: Math.hypot(v2[0] - v1[0], v2[1] - v1[1], v2[2] - v1[2]),
    missRtnKm: rtnComponents(r1, v1, miss),
    primaryState: { r: temePosition(...r1), v: temeVelocity(...v1) },
    secondaryState: { r: temePosition(...r2), v: temeVelocity(...v2) },
  };
}

// Any element sets serve where covariances are provided; these are TERRA's and this SL-16 DEB's
// of the 2023-10-09 reference catalogue.
const [terra, debris] = parseElementSets(
  [
    '0 TERRA',
    '1 25994U 99068A   23282.77928134  .00001120  00000-0  24623-3 0  9993',
    '2 25994  98.0833 348.2727 0003094  79.6793  30.4034 14.59360758266491',
    '0 SL-16 DEB',
    '1 26980U 92093JK  23282.41510389  .00073464  00000-0  11577-1 0  9992',
    '2 26980  71.1053  32.1973 0058135 235.3270 187.8328 14.70866308592087',
  ].join('\n'),
).sets;

describe('assessRisk', () => {
  it('reproduces CARA’s Pc2D for TERRA vs SL-16 DEB with the CDM covariances', () => {
    const c = PC_CASES.find((x) => x.id === 'cara_cdm_000025994_conj_000026980_20220928_223445_20220924_220647')!;
    const risk = assessRisk(
      approachOf(c),
      { elementSet: terra!, objectType: 'payload' },
      { elementSet: debris!, objectType: 'debris' },
      () => ({ primaryM2: position(c.C1), secondaryM2: position(c.C2), source: 'CDM' }),
      c.hbr_m as number,
    );
    expect(Math.abs(risk.pc! / (c.expected.pc2d as number) - 1)).toBeLessThan(1e-6);
    expect(risk.covariance).toBe('CDM');
    // Alfano's maximum assumes SOCRATES's aspect ratio 3; this CDM's covariance is far more
    // elongated, so its Pc may exceed that "maximum": no ordering is asserted.
    expect(risk.maxPc).toBeGreaterThan(0);
    // DECISIONS.md §5: critical ≥ 1e-4.
    expect(risk.riskLevel).toBe('critical');
  });

  it('uses the default covariance model of the element sets otherwise (Flohrer et al. 2008 Table 2 at epoch, 1.5 km/day in-track growth for debris)', () => {
    const risk = assessRisk(
      {
        ...approachOf({ r1: [7000e3, 0, 0], v1: [0, 7.5e3, 0], r2: [7000e3, 100, 50], v2: [0, 0, 7.5e3] } as PcCase),
        tca: debris!.epoch + 2 * 86_400_000,
      },
      { elementSet: terra!, objectType: 'payload' },
      { elementSet: debris!, objectType: 'debris' },
    );
    expect(risk.covariance).toBe('default');
    // SL-16 DEB: near-circular, perigee below 800 km, inclination above 60° → radial 115, cross-track 137 m.
    expect(risk.secondarySigmasM!.radialM).toBe(115);
    expect(risk.secondarySigmasM!.crossTrackM).toBe(137);
    expect(risk.secondarySigmasM!.inTrackM).toBeCloseTo(Math.hypot(517, 1500 * 2), 6);
    // Combined HBR of a payload (10 m) and debris (0.56 m, the MEDIUM RCS class bound).
    expect(risk.hbrM).toBeCloseTo(10 + Math.sqrt(1 / Math.PI), 9);
    expect(risk.pc).toBeGreaterThan(0);
  });
});
