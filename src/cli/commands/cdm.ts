import { basename } from 'node:path';
import {
  assessCdm,
  estimateFromCdm,
  cdmFromConjunction,
  CdmError,
  ConjunctionJsonError,
  detectCdmFormat,
  formatConjunctionJson,
  parseConjunctionJson,
  parseIsoUtc,
  readCdm,
  writeCdmKvn,
  writeCdmXml,
  type Cdm,
  type ConjunctionDocument,
} from '../../core/cdm/index.ts';
import { DEFAULT_COMBINED_HBR_M, PC_METHOD_LABELS, riskLevel } from '../../core/probability/index.ts';
import { monteCarloOptionsUsage, monteCarloJson, monteCarloRequest, withRequestedMonteCarlo, type MonteCarloRequest } from '../monte-carlo.ts';
import { createAppContext } from '../../server/app-context.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { VERSION } from '../../server/version.ts';
import { utcMs, type UtcMs } from '../../core/units.ts';
import { auditCli } from '../audit.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';
import { processIo, type CommandIo } from '../io.ts';

export const CDM_USAGE = `Usage: ssa cdm --to kvn|xml|json [--hbr M] [--originator NAME] [--message-id ID] [--creation-date UTC] FILE
       ssa cdm --pc [--hbr M] [--mc [--samples N] [--seed S]] FILE
       ssa cdm import FILE... [--data-dir DIR]

import  stores the CDMs of each FILE (one or more CCSDS CDMs in KVN or XML, or Space-Track
        cdm / cdm_public JSON) in the server's database as conjunction events, exactly as
        POST /api/cdm/import does, and prints one JSON report per file:
        {"file","imported":[{"index","messageId","originator","conjunctionId","action",
        "tca","collisionProbability","pcMethod","riskLevel"}],"duplicates":[...],
        "rejected":[{"index","line","messageId","reason"}]}. A message already stored (same
        ORIGINATOR and MESSAGE_ID) adds nothing. The files are one import: their messages
        are stored together, or not at all if the command fails or is killed. The embedded
        database can be opened by one process at a time: while \`ssa serve\` runs on it, use
        the API instead. The hard-body radius of messages without one is CDM_DEFAULT_HBR_M
        (default 20 m).

Converts a conjunction between the CCSDS Conjunction Data Message (CCSDS 508.0-B-1, CDM 1.0,
in KVN or XML) and Data Forge's conjunction JSON, or prints the collision probability computed
from a message's own states and covariances. FILE may be KVN, XML or conjunction JSON; its form
is recognised from the content. The result goes to stdout.

Options:
  --to kvn|xml|json     write FILE's conjunction in that form
  --pc                  print, as JSON, the collision probability from the message's states and
                        RTN covariances (ITRF states are made inertial first), chosen as NASA
                        CARA's PcMultiStep does: collision_probability (the chosen value),
                        pc_method (pc2d | nc2d-upper-limit | nc2d | pc3d | sdmc),
                        pc_method_reason, pc2d (Foster), nc2d (Hall 2D-Nc, where the 2D
                        method is flagged), pc3d (Hall 3D-Nc, where 2D-Nc is flagged too),
                        pc_violations (what the usage tests found, in words), pc_mc (the Monte
                        Carlo, where run), beside the message's own COLLISION_PROBABILITY
  --hbr M               combined hard-body radius, metres, for messages that give none (CARA's
                        "COMMENT HBR = 15 [m]"; a JSON's hard_body_radius_m); default ${DEFAULT_COMBINED_HBR_M}
${monteCarloOptionsUsage(24)}  --originator NAME     ORIGINATOR of a CDM written from JSON (default: the JSON's message.originator,
                        else DATA FORGE)
  --message-id ID       MESSAGE_ID of a CDM written from JSON (default: the JSON's, else
                        {primary}_conj_{secondary}_{TCA as yyyymmdd_hhmmss})
  --creation-date UTC   CREATION_DATE of a CDM written from JSON (default: the JSON's, else now)
  -h, --help            show this help

Conjunction JSON (snake_case, units in the names; ? = optional):
  primary_object, secondary_object        names
  primary_norad, secondary_norad          catalogue numbers
  primary_cospar?, secondary_cospar?      international designators, e.g. 1999-068A
  primary_object_type?, …                 PAYLOAD | ROCKET BODY | DEBRIS | UNKNOWN | OTHER
  primary_maneuverable?, …                YES | NO | N/A
  tca                                     ISO 8601 UTC, e.g. 2021-03-24T15:10:47.417Z
  miss_distance_km, relative_velocity_km_s
  relative_position_rtn_km?, relative_velocity_rtn_km_s?
                                          secondary relative to primary, primary's RTN frame
  collision_probability?, collision_probability_method?, max_collision_probability?,
  risk_level? (critical|high|medium|low), hard_body_radius_m?
  frame                                   TEME | EME2000 | GCRF (both states)
  primary_state, secondary_state          {"r_km": [x,y,z], "v_km_s": [vx,vy,vz]} at TCA
  primary_covariance_rtn, …               RTN covariance at TCA: 6x6 (m², m²/s, m²/s²;
                                          R T N Rdot Tdot Ndot) or 3x3 position (m²)
  primary_covariance_method?, …           CALCULATED | DEFAULT (default DEFAULT)
  message?                                {originator?, message_id?, creation_date?, message_for?}

A CDM written from JSON in TEME says so in a COMMENT: 508.0-B-1 lists GCRF, EME2000 and ITRF.
Converting a CDM to JSON keeps the message's Pc, adds its risk level and Alfano's maximum Pc
(SOCRATES aspect ratio 3) at the hard-body radius used.
`;

/** Where the command reads and writes; tests pass their own. */
export interface CdmIo extends Pick<CommandIo, 'stdout' | 'readFile'> {
  /** The clock, for a default CREATION_DATE. */
  readonly now: () => UtcMs;
}

const cdmProcessIo: CdmIo = { ...processIo, now: () => utcMs(Date.now()) };

type Input = { readonly kind: 'cdm'; readonly cdm: Cdm } | { readonly kind: 'json'; readonly document: ConjunctionDocument };

function readInput(text: string, path: string): Input {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  try {
    if (trimmed.startsWith('{')) {
      let value: unknown;
      try {
        value = JSON.parse(trimmed);
      } catch (error) {
        throw new UsageError(`${path}: not valid JSON: ${(error as Error).message}`, CDM_USAGE);
      }
      return { kind: 'json', document: parseConjunctionJson(value) };
    }
    if (detectCdmFormat(text) === undefined) {
      throw new UsageError(`${path} is neither a CDM (KVN starting with CCSDS_CDM_VERS, or XML with a <cdm> root) nor conjunction JSON`, CDM_USAGE);
    }
    return { kind: 'cdm', cdm: readCdm(text) };
  } catch (error) {
    if (error instanceof CdmError || error instanceof ConjunctionJsonError) throw new UsageError(`${path}: ${error.message}`, CDM_USAGE);
    throw error;
  }
}

function hbrOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_COMBINED_HBR_M;
  const hbr = Number(value);
  if (value.trim() === '' || !Number.isFinite(hbr) || hbr < 0) throw new UsageError(`--hbr: expected a radius in metres ≥ 0, got '${value}'`, CDM_USAGE);
  return hbr;
}

/** CARA's message-id shape, "000025994_conj_000037558_20210324_151047" (508.0-B-1 §5.2.9: letters, digits, '_' and '-'). */
function defaultMessageId(document: ConjunctionDocument): string {
  const { primary, secondary, tca } = document.conjunction;
  const stamp = new Date(Math.floor(tca / 1000) * 1000).toISOString().slice(0, 19).replace(/-|:/g, '').replace('T', '_');
  return `${String(primary.norad).padStart(9, '0')}_conj_${String(secondary.norad).padStart(9, '0')}_${stamp}`;
}

function cdmOfDocument(document: ConjunctionDocument, values: { originator?: string; 'message-id'?: string; 'creation-date'?: string }, io: CdmIo): Cdm {
  let creationDate = document.message.creationDate;
  if (values['creation-date'] !== undefined) {
    creationDate = parseIsoUtc(values['creation-date']);
    if (creationDate === undefined) throw new UsageError(`--creation-date: '${values['creation-date']}' is not a UTC time such as 2021-03-23T15:43:56Z`, CDM_USAGE);
  }
  const messageFor = document.message.messageFor;
  try {
    return cdmFromConjunction(document.conjunction, {
      originator: values.originator ?? document.message.originator ?? 'DATA FORGE',
      messageId: values['message-id'] ?? document.message.messageId ?? defaultMessageId(document),
      creationDate: creationDate ?? io.now(),
      ...(messageFor !== undefined ? { messageFor } : {}),
    });
  } catch (error) {
    if (error instanceof CdmError) throw new UsageError(`cannot write a CDM: ${error.message}`, CDM_USAGE);
    throw error;
  }
}

function documentOfCdm(cdm: Cdm, defaultHbrM: number): ConjunctionDocument {
  const { header } = cdm;
  return {
    conjunction: assessCdm(cdm, { defaultHbrM }).conjunction,
    message: {
      originator: header.originator,
      messageId: header.messageId,
      creationDate: header.creationDate,
      ...(header.messageFor !== undefined ? { messageFor: header.messageFor } : {}),
    },
  };
}

/**
 * The report of --pc: everything from the one estimate (core/cdm/message-estimate.ts), beside the
 * message's own Pc; with the Monte Carlo where the method choice calls for it, or --mc asks.
 */
async function pcReport(cdm: Cdm, defaultHbrM: number, mc: MonteCarloRequest | null): Promise<Record<string, unknown>> {
  const estimate = estimateFromCdm(cdm, { defaultHbrM });
  const { primary, secondary } = estimate;
  const input = { r1M: primary.rM, v1MPerS: primary.vMPerS, cov1: primary.covariance, r2M: secondary.rM, v2MPerS: secondary.vMPerS, cov2: secondary.covariance, hbrM: estimate.hbrM };
  const a = await withRequestedMonteCarlo(input, estimate.assessment, mc);
  const two = a.pc2dResult;
  const { relative } = cdm;
  return {
    collision_probability: a.collisionProbability,
    ...(two !== null && two.pc === null ? { undefined_reason: two.reason } : {}),
    pc_method: a.method,
    method: PC_METHOD_LABELS[a.method],
    pc2d: a.pc2d,
    nc2d: a.nc2d,
    pc3d: a.pc3d,
    pc_violations: a.violations.map((v) => ({ method: v.method, kind: v.kind, value: v.value, limit: v.limit, message: v.message })),
    pc_method_reason: a.methodReason,
    ...(a.monteCarlo ? { pc_mc: monteCarloJson(a.monteCarlo) } : {}),
    ...(a.note ? { pc_note: a.note } : {}),
    risk_level: a === estimate.assessment ? estimate.riskLevel : riskLevel(a.collisionProbability ?? estimate.maxPc),
    hard_body_radius_m: estimate.hbrM,
    hbr_source: estimate.hbrSource,
    frame: estimate.primary.frame,
    miss_distance_m: estimate.missM,
    relative_speed_m_s: estimate.relativeSpeedMPerS,
    ...(relative.collisionProbability !== undefined ? { message_collision_probability: relative.collisionProbability } : {}),
    ...(relative.collisionProbabilityMethod !== undefined ? { message_collision_probability_method: relative.collisionProbabilityMethod } : {}),
  };
}

/** ssa cdm import FILE...: the CDMs of each file into the server's database, one JSON report per file. */
async function importCommand(args: string[], env: Record<string, string | undefined>, io: CdmIo): Promise<void> {
  const out = (line: string) => void io.stdout(`${line}\n`);
  const { values, positionals } = parseCommandLine(args, { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } }, CDM_USAGE, true);
  if (values.help) {
    out(CDM_USAGE.trimEnd());
    return;
  }
  if (positionals.length === 0) throw new UsageError('import needs at least one FILE', CDM_USAGE);
  // Read every file first: a missing file stops the command before anything is written.
  const files = await Promise.all(
    positionals.map(async (path) => {
      try {
        return { path, text: await io.readFile(path) };
      } catch (error) {
        throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, CDM_USAGE);
      }
    }),
  );
  const config = loadConfig({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn', ...(values['data-dir'] !== undefined && { DATA_DIR: values['data-dir'] }) });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const ctx = createAppContext(config, database, VERSION);
  try {
    // An import this command or a server left unfinished (killed) is marked as such.
    await ctx.services.cdmImport.initialise(ctx.log);
    // One import of all the files: their messages commit together or not at all.
    const outcomes = await ctx.services.cdmImport.importFiles(
      files.map(({ path, text }) => ({ text, fileName: basename(path) })),
      new Date(),
    );
    let failed = 0;
    files.forEach(({ path }, i) => {
      const outcome = outcomes[i]!;
      if ('response' in outcome) {
        out(JSON.stringify({ file: path, ...outcome.response }));
      } else {
        failed += 1;
        out(JSON.stringify({ file: path, error: `No CDM: ${outcome.error.message}`, imported: [], duplicates: [], rejected: [] }));
      }
    });
    await auditCli(ctx.services.accounts, 'cdm import', failed > 0 ? 2 : 0, { files: files.map(({ path }) => basename(path)), failed });
    if (failed > 0) throw new UsageError(`${failed} file(s) held no CDM`, CDM_USAGE);
  } finally {
    await ctx.services.cdmImport.close();
    await ctx.services.screening.close();
    await database.close();
  }
}

export async function cdmCommand(args: string[], env: Record<string, string | undefined>, io: CdmIo = cdmProcessIo): Promise<void> {
  if (args[0] === 'import') {
    await importCommand(args.slice(1), env, io);
    return;
  }
  const { values, positionals } = parseCommandLine(
    args,
    {
      to: { type: 'string' },
      pc: { type: 'boolean' },
      mc: { type: 'boolean' },
      samples: { type: 'string' },
      seed: { type: 'string' },
      hbr: { type: 'string' },
      originator: { type: 'string' },
      'message-id': { type: 'string' },
      'creation-date': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    CDM_USAGE,
    true,
  );
  if (values.help) {
    await io.stdout(CDM_USAGE);
    return;
  }
  const to = values.to?.toLowerCase();
  if (to !== undefined && to !== 'kvn' && to !== 'xml' && to !== 'json') throw new UsageError(`--to: expected kvn, xml or json, got '${values.to}'`, CDM_USAGE);
  if (to === undefined && !values.pc) throw new UsageError('missing --to kvn|xml|json or --pc', CDM_USAGE);
  if (to !== undefined && values.pc) throw new UsageError('use either --to or --pc, not both', CDM_USAGE);
  if (positionals.length === 0) throw new UsageError('missing FILE', CDM_USAGE);
  if (positionals.length > 1) throw new UsageError(`expected one FILE, got ${positionals.length}: ${positionals.join(' ')}`, CDM_USAGE);
  const hbr = hbrOption(values.hbr);
  if (values.mc && !values.pc) throw new UsageError('--mc goes with --pc', CDM_USAGE);
  const mc = monteCarloRequest(values, CDM_USAGE);
  const path = positionals[0]!;

  let text: string;
  try {
    text = await io.readFile(path);
  } catch (error) {
    throw new UsageError(`cannot read '${path}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, CDM_USAGE);
  }
  const input = readInput(text, path);
  const headerOptions = ['originator', 'message-id', 'creation-date'] as const;
  const misplaced = headerOptions.find((o) => values[o] !== undefined);
  if (misplaced && (input.kind !== 'json' || to === 'json' || values.pc)) {
    throw new UsageError(`--${misplaced} applies only when writing a CDM (--to kvn|xml) from conjunction JSON`, CDM_USAGE);
  }

  try {
    if (values.pc) {
      const cdm = input.kind === 'cdm' ? input.cdm : cdmOfDocument(input.document, {}, io);
      await io.stdout(`${JSON.stringify(await pcReport(cdm, hbr, mc))}\n`);
      return;
    }
    if (to === 'json') {
      const document = input.kind === 'json' ? input.document : documentOfCdm(input.cdm, hbr);
      await io.stdout(`${JSON.stringify(formatConjunctionJson(document), null, 2)}\n`);
      return;
    }
    const cdm = input.kind === 'cdm' ? input.cdm : cdmOfDocument(input.document, values, io);
    await io.stdout(to === 'xml' ? writeCdmXml(cdm) : writeCdmKvn(cdm));
  } catch (error) {
    // A CDM that reads but cannot be written in the other form (e.g. partial relative state in XML),
    // or a geometry the Pc cannot use (r ∥ v), is bad input.
    if (error instanceof CdmError || error instanceof RangeError) throw new UsageError(`${path}: ${error.message}`, CDM_USAGE);
    throw error;
  }
}
