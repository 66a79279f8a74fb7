import { avoidanceModel, BURN_DIRECTIONS, DEFAULT_TARGET_PC, evaluateBurn, leadBasis, minimumDv, outcomeOf, polishMinimumDv, TARGET_PC_LEVELS, tradeSpace, type AvoidanceEncounter, type AvoidanceModel, type BurnDirection, type BurnOutcome } from '../../core/avoidance/index.ts';
import { CdmError, detectCdmFormat, estimateFromCdm, readCdm, type MessageEstimate } from '../../core/cdm/index.ts';
import { DEFAULT_COMBINED_HBR_M } from '../../core/probability/index.ts';
import { processIo, type CommandIo } from '../io.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';

export const CAM_USAGE = `Usage: ssa cam FILE.cdm --burn-before-tca SECONDS --dv-rtn R,T,N [options]
       ssa cam FILE.cdm --burn-before-tca SECONDS --direction DIR [--target-pc PC] [options]
       ssa cam FILE.cdm --trade [--max-dv MPS] [--max-lead-orbits N] [--direction DIR] [options]

Collision avoidance for the conjunction of a CCSDS CDM (KVN or XML): what an impulsive burn of the
primary does to the encounter. The primary is OBJECT1 unless --object 2. Both objects are propagated
from their TCA states (two-body + J2, Dormand-Prince 8(5,3)); the burn's effect is the burned minus
the unburned propagation; the closest approach is searched again near the old TCA and its Pc chosen
as NASA CARA's PcMultiStep chooses (the product's own method choice). Covariances are carried
unchanged in each object's RTN frame.

Prints JSON on stdout:
  {before, burn, after}         with --dv-rtn: before and after each {tca, missDistanceKm,
                                missRtnKm {radial, inTrack, crossTrack} (secondary relative to the
                                primary, primary's RTN), relativeSpeedKmS, collisionProbability (the
                                chosen method's value), pcMethod, pcMethodReason}; after also
                                tcaShiftS; burn {epoch, leadS, dvRtnMps [R,T,N], dvMps}
  … and requiredDvMps           with --direction and no --dv-rtn: the smallest burn in that direction
                                whose Pc is at most --target-pc (null if --max-dv does not reach it);
                                "after" is that burn's outcome
  {before, trade}               with --trade: trade {leadTimesS, dvMagnitudesMps, direction,
                                collisionProbability[lead][dv], missDistanceKm[lead][dv],
                                minimumDv [{targetPc, leadS, dvMps, direction}]} for targets 1e-4,
                                1e-6 and 1e-7

Options:
  --burn-before-tca SECONDS   the burn epoch, seconds before TCA (> 0)
  --dv-rtn R,T,N              the burn, m/s, in the primary's radial, in-track, cross-track axes
  --direction DIR             R, T, N, -R, -T, -N, or best (the direction that maximises the
                              Mahalanobis miss in the encounter plane for the size); default T
  --target-pc PC              the Pc to reach (default ${DEFAULT_TARGET_PC}, CARA's usual remediation threshold)
  --trade                     the grid of burn times x sizes and the minimum-Δv curve
  --max-dv MPS                largest burn searched or gridded, m/s (default 0.2)
  --max-lead-orbits N         earliest burn, in the primary's orbits before TCA (default 3)
  --min-lead SECONDS          latest burn of the grid, seconds before TCA (default 600)
  --lead-steps N, --dv-steps N  the grid's size (default 60 x 40)
  --object 1|2                which object burns (default 1)
  --hbr M                     combined hard-body radius, metres, when the CDM gives none (default ${DEFAULT_COMBINED_HBR_M})
  -h, --help                  show this help
`;

const iso = (ms: number) => new Date(Math.round(ms)).toISOString();

function positive(name: string, value: string | undefined, fallback: number | null, integer = false): number {
  if (value === undefined) {
    if (fallback === null) throw new UsageError(`missing ${name}`, CAM_USAGE);
    return fallback;
  }
  const x = Number(value);
  if (value.trim() === '' || !Number.isFinite(x) || !(x > 0) || (integer && !Number.isInteger(x))) throw new UsageError(`${name}: expected a positive ${integer ? 'integer' : 'number'}, got '${value}'`, CAM_USAGE);
  return x;
}

function dvRtn(value: string): [number, number, number] {
  const parts = value.split(',').map((s) => s.trim());
  const xs = parts.map(Number);
  if (parts.length !== 3 || parts.some((s) => s === '') || !xs.every(Number.isFinite)) throw new UsageError(`--dv-rtn: expected three numbers R,T,N in m/s, got '${value}'`, CAM_USAGE);
  return xs as [number, number, number];
}

/** The encounter with the chosen object as primary. */
function encounterOf(estimate: MessageEstimate, object: 1 | 2): AvoidanceEncounter {
  const one = { rM: estimate.primary.rM, vMPerS: estimate.primary.vMPerS, cov: estimate.primary.covariance };
  const two = { rM: estimate.secondary.rM, vMPerS: estimate.secondary.vMPerS, cov: estimate.secondary.covariance };
  return object === 1 ? { primary: one, secondary: two, hbrM: estimate.hbrM } : { primary: two, secondary: one, hbrM: estimate.hbrM };
}

function outcomeJson(tcaMs: number, o: Omit<BurnOutcome, 'dvInertialMps'>, withShift: boolean): Record<string, unknown> {
  return {
    tca: iso(tcaMs + o.tcaShiftS * 1000),
    ...(withShift ? { tcaShiftS: o.tcaShiftS } : {}),
    missDistanceKm: o.missM / 1000,
    missRtnKm: { radial: o.missRtnM[0] / 1000, inTrack: o.missRtnM[1] / 1000, crossTrack: o.missRtnM[2] / 1000 },
    relativeSpeedKmS: o.relativeSpeedMPerS / 1000,
    collisionProbability: o.assessment.collisionProbability,
    pcMethod: o.assessment.method,
    pcMethodReason: o.assessment.methodReason,
  };
}

export async function camCommand(args: string[], _env: Record<string, string | undefined>, io: Pick<CommandIo, 'stdout' | 'readFile'> = processIo): Promise<void> {
  const { values, positionals } = parseCommandLine(
    args,
    {
      'burn-before-tca': { type: 'string' },
      'dv-rtn': { type: 'string' },
      direction: { type: 'string' },
      'target-pc': { type: 'string' },
      trade: { type: 'boolean' },
      'max-dv': { type: 'string' },
      'max-lead-orbits': { type: 'string' },
      'min-lead': { type: 'string' },
      'lead-steps': { type: 'string' },
      'dv-steps': { type: 'string' },
      object: { type: 'string' },
      hbr: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    CAM_USAGE,
    true,
  );
  if (values.help) {
    await io.stdout(CAM_USAGE);
    return;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'missing FILE.cdm' : `expected one CDM file, got ${positionals.length}`, CAM_USAGE);
  const path = positionals[0]!;
  const object = values.object === undefined || values.object === '1' ? 1 : values.object === '2' ? 2 : null;
  if (object === null) throw new UsageError(`--object: expected 1 or 2, got '${values.object}'`, CAM_USAGE);
  const direction = (values.direction ?? 'T') as BurnDirection;
  if (!BURN_DIRECTIONS.includes(direction)) throw new UsageError(`--direction: expected one of ${BURN_DIRECTIONS.join(', ')}, got '${values.direction}'`, CAM_USAGE);
  const targetPc = values['target-pc'] === undefined ? DEFAULT_TARGET_PC : Number(values['target-pc']);
  if (!(targetPc > 0 && targetPc < 1)) throw new UsageError(`--target-pc: expected a probability between 0 and 1, got '${values['target-pc']}'`, CAM_USAGE);
  const hbr = values.hbr === undefined ? DEFAULT_COMBINED_HBR_M : Number(values.hbr);
  if (!(hbr > 0) || !Number.isFinite(hbr)) throw new UsageError(`--hbr: expected a radius in metres > 0, got '${values.hbr}'`, CAM_USAGE);
  const maxDv = positive('--max-dv', values['max-dv'], 0.2);
  if (!values.trade && values['burn-before-tca'] === undefined) throw new UsageError('give --burn-before-tca with --dv-rtn or --direction, or --trade', CAM_USAGE);
  if (values.trade && values['dv-rtn'] !== undefined) throw new UsageError('--trade and --dv-rtn do not go together', CAM_USAGE);

  let text: string;
  try {
    text = await io.readFile(path);
  } catch (error) {
    throw new UsageError(`cannot read '${path}': ${(error as Error).message}`, CAM_USAGE);
  }
  if (detectCdmFormat(text) === undefined) throw new UsageError(`${path} is not a CDM (KVN starting with CCSDS_CDM_VERS, or XML with a <cdm> root)`, CAM_USAGE);
  let estimate: MessageEstimate;
  try {
    estimate = estimateFromCdm(readCdm(text), { defaultHbrM: hbr });
  } catch (error) {
    if (error instanceof CdmError || error instanceof RangeError) throw new UsageError(`${path}: ${error.message}`, CAM_USAGE);
    throw error;
  }
  const encounter = encounterOf(estimate, object);
  const tcaMs = estimate.tcaMs;
  const build = (maxLeadS: number): AvoidanceModel => {
    try {
      return avoidanceModel(encounter, { maxLeadS });
    } catch (error) {
      if (error instanceof RangeError) throw new UsageError(`${path}: ${error.message}`, CAM_USAGE);
      throw error;
    }
  };
  const guard = <T>(f: () => T): T => {
    try {
      return f();
    } catch (error) {
      if (error instanceof RangeError) throw new UsageError(error.message, CAM_USAGE);
      throw error;
    }
  };

  if (values.trade) {
    const probe = build(1);
    const maxLeadOrbits = positive('--max-lead-orbits', values['max-lead-orbits'], 3);
    const minLead = positive('--min-lead', values['min-lead'], 600);
    const leadSteps = positive('--lead-steps', values['lead-steps'], 60, true);
    const dvSteps = positive('--dv-steps', values['dv-steps'], 40, true);
    const maxLead = maxLeadOrbits * probe.periodS;
    if (!(maxLead > minLead)) throw new UsageError(`--min-lead (${minLead} s) must be shorter than --max-lead-orbits (${maxLead.toFixed(0)} s)`, CAM_USAGE);
    const model = build(maxLead);
    const leads = Array.from({ length: leadSteps }, (_, i) => (leadSteps === 1 ? maxLead : minLead + ((maxLead - minLead) * i) / (leadSteps - 1)));
    const dvs = Array.from({ length: dvSteps }, (_, j) => Number(((maxDv * (j + 1)) / dvSteps).toPrecision(12)));
    const space = guard(() => tradeSpace(model, { leadTimesS: leads, dvMagnitudesMps: dvs, direction, targets: [...TARGET_PC_LEVELS] }));
    const before = guard(() => evaluateBurn(model, { leadS: minLead, dvRtnMps: [0, 0, 0] }));
    await io.stdout(
      `${JSON.stringify({
        before: outcomeJson(tcaMs, before, false),
        trade: {
          leadTimesS: space.leadTimesS,
          dvMagnitudesMps: space.dvMagnitudesMps,
          direction,
          collisionProbability: space.cells.map((row) => row.map((c) => c.pc)),
          missDistanceKm: space.cells.map((row) => row.map((c) => c.missM / 1000)),
          minimumDv: space.minimumDv.map((m) => ({ targetPc: m.targetPc, leadS: m.leadS, dvMps: m.dvMps, direction: m.directionRtn })),
        },
      })}\n`,
    );
    return;
  }

  const leadS = positive('--burn-before-tca', values['burn-before-tca'], null);
  const given = values['dv-rtn'] !== undefined ? dvRtn(values['dv-rtn']) : null;
  const model = build(leadS);
  const before = guard(() => evaluateBurn(model, { leadS, dvRtnMps: [0, 0, 0] }));
  let dv: [number, number, number];
  let required: number | null | undefined;
  if (given !== null) {
    dv = given;
  } else {
    const basis = guard(() => leadBasis(model, leadS));
    // Found on the linear basis, then polished on the full propagation that "after" reports.
    const m = guard(() => polishMinimumDv(model, minimumDv(model, basis, direction, targetPc, maxDv)));
    required = m.dvMps;
    const u = m.directionRtn ?? guard(() => outcomeOf(model, basis, direction, maxDv).directionRtn);
    const size = m.dvMps ?? 0;
    dv = [u[0] * size, u[1] * size, u[2] * size];
  }
  const after = guard(() => evaluateBurn(model, { leadS, dvRtnMps: dv }));
  await io.stdout(
    `${JSON.stringify({
      before: outcomeJson(tcaMs, before, false),
      burn: { epoch: iso(tcaMs - leadS * 1000), leadS, dvRtnMps: dv, dvMps: Math.hypot(...dv) },
      after: outcomeJson(tcaMs, after, true),
      ...(required !== undefined ? { requiredDvMps: required, targetPc, direction } : {}),
    })}\n`,
  );
}
