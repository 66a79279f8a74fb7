/**
 * `ssa cam` on a real CARA CDM (TERRA vs 37558, TCA 2021-03-24T15:10:47.417Z, Pc 2.12e-2): a given
 * burn, the minimum burn for a target Pc, the trade grid, and bad input refused with exit-2 usage
 * errors. The science is tested in core/avoidance; here the command's reading and printing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARA_CDM_DIR } from '../../../tests/reference/index.ts';
import { CAM_USAGE, camCommand } from './cam.ts';
import { expectUsageError, readFromMemory, runCommand } from './test-support.ts';

const TERRA = readFileSync(`${CARA_CDM_DIR}000025994_conj_000037558_20210324_151047_20210323_154356.cdm`, 'utf8');
const files = { 'terra.cdm': TERRA, 'notes.txt': 'not a conjunction data message\n' };

interface Outcome {
  tca: string;
  tcaShiftS?: number;
  missDistanceKm: number;
  missRtnKm: { radial: number; inTrack: number; crossTrack: number };
  collisionProbability: number | null;
  pcMethod: string;
}

async function run(args: string[]) {
  const { stdout } = await runCommand(camCommand, args, readFromMemory(files));
  return JSON.parse(stdout) as { before: Outcome; after?: Outcome; burn?: { epoch: string; leadS: number; dvRtnMps: number[]; dvMps: number }; requiredDvMps?: number | null; trade?: { leadTimesS: number[]; dvMagnitudesMps: number[]; collisionProbability: (number | null)[][]; missDistanceKm: number[][]; minimumDv: { targetPc: number; dvMps: number | null }[] } };
}

describe('ssa cam', () => {
  it('prints before, burn and after for a given burn', async () => {
    const out = await run(['terra.cdm', '--burn-before-tca', '9000', '--dv-rtn', '0,0.1,0']);
    // Before: the CDM's own encounter (TCA, Pc 2.12e-2 by the 2D method, as CARA).
    expect(out.before.tca).toBe('2021-03-24T15:10:47.417Z');
    expect(out.before.collisionProbability).toBeCloseTo(0.0212, 3);
    expect(out.before.pcMethod).toBe('pc2d');
    expect(out.burn).toMatchObject({ epoch: '2021-03-24T12:40:47.417Z', leadS: 9000, dvRtnMps: [0, 0.1, 0] });
    expect(out.burn!.dvMps).toBeCloseTo(0.1, 12);
    expect(out.after!.missDistanceKm).toBeGreaterThan(out.before.missDistanceKm + 0.1);
    expect(out.after!.collisionProbability!).toBeLessThan(1e-6);
    expect(Math.abs(out.after!.tcaShiftS!)).toBeLessThan(2);
  });

  it('finds the smallest burn in a direction that reaches the target Pc', async () => {
    const out = await run(['terra.cdm', '--burn-before-tca', '6000', '--direction', 'T', '--target-pc', '1e-6']);
    expect(out.requiredDvMps).toBeGreaterThan(0);
    expect(out.requiredDvMps).toBeLessThan(0.2);
    expect(out.after!.collisionProbability!).toBeLessThanOrEqual(1e-6);
    expect(out.burn!.dvRtnMps[1]).toBeCloseTo(out.requiredDvMps!, 12);
    // The smallest: 0.1 % less does not reach the target.
    const less = await run(['terra.cdm', '--burn-before-tca', '6000', '--dv-rtn', `0,${out.requiredDvMps! * 0.999},0`]);
    expect(less.after!.collisionProbability!).toBeGreaterThan(1e-6);
  });

  it('prints the trade grid and the minimum-Δv curve', async () => {
    const out = await run(['terra.cdm', '--trade', '--lead-steps', '3', '--dv-steps', '4', '--max-dv', '0.2', '--max-lead-orbits', '2']);
    expect(out.trade!.leadTimesS).toHaveLength(3);
    expect(out.trade!.dvMagnitudesMps).toEqual([0.05, 0.1, 0.15, 0.2]);
    expect(out.trade!.collisionProbability).toHaveLength(3);
    expect(out.trade!.collisionProbability[0]).toHaveLength(4);
    expect(out.trade!.minimumDv.map((m) => m.targetPc)).toEqual([1e-4, 1e-6, 1e-7, 1e-4, 1e-6, 1e-7, 1e-4, 1e-6, 1e-7]);
  });

  it('refuses bad input with a usage error that names it', async () => {
    const cases: [string[], RegExp][] = [
      [[], /missing FILE\.cdm/],
      [['missing.cdm', '--trade'], /cannot read 'missing\.cdm'/],
      [['notes.txt', '--trade'], /not a CDM/],
      [['terra.cdm'], /give --burn-before-tca/],
      [['terra.cdm', '--burn-before-tca=-5', '--dv-rtn', '0,1,0'], /--burn-before-tca: expected a positive number/],
      [['terra.cdm', '--burn-before-tca', '600', '--dv-rtn', '0,x,0'], /--dv-rtn: expected three numbers/],
      [['terra.cdm', '--burn-before-tca', '600', '--direction', 'up'], /--direction: expected one of R, T, N, -R, -T, -N, best/],
      [['terra.cdm', '--burn-before-tca', '600', '--direction', 'T', '--target-pc', '2'], /--target-pc/],
      [['terra.cdm', '--burn-before-tca', '600', '--dv-rtn', '0,1,0', '--object', '3'], /--object: expected 1 or 2/],
      [['terra.cdm', '--trade', '--dv-rtn', '0,1,0'], /do not go together/],
      [['terra.cdm', '--trade', '--min-lead', '1e9'], /--min-lead/],
    ];
    for (const [args, message] of cases) {
      const error = await expectUsageError(runCommand(camCommand, args, readFromMemory(files)), CAM_USAGE, args.join(' '));
      expect(error.message, args.join(' ')).toMatch(message);
    }
  });
});
