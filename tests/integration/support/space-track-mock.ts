/**
 * A loopback server that speaks Space-Track's protocol as far as the CDM feed and the catalogue
 * updater use it (https://www.space-track.org/documentation#/api):
 *
 * - POST /ajaxauth/login, a form with identity and password: 200 with a Set-Cookie session
 *   ("chocolatechip", Space-Track's cookie name) and the body "" when they match; 200 with
 *   {"Login":"Failed"} and no cookie otherwise;
 * - GET /basicspacedata/query/class/cdm_public/<PREDICATE>/<value>/…/format/json with the session
 *   cookie: a JSON array of the records that match (SAT_1_ID / SAT_2_ID as comma-delimited lists,
 *   TCA as ">now" by this server's clock); GET /expandedspacedata/query/class/cdm/… likewise over
 *   the full records; without a valid cookie, 401 with {"error":"You must be logged in to complete
 *   this action"};
 * - GET /basicspacedata/query/class/gp/… with the session cookie: the `gp` text given (3LE);
 * - on demand, the next queries answer 429 or a 5xx (`failNext`), and sessions expire (`expireSessions`).
 *
 * Every request is recorded (method, path, time, whether it carried a session) for the tests.
 *
 * The cdm_public records are built from the 27 real NASA CARA CDMs of tests/reference/cdm/cara
 * (nasa/CARA_Analysis_Tools DataFiles/PcTestCaseCDMs @a80d01639ad80b55ae4dddd9429fcc0d471e1c26,
 * see tests/reference/cdm/README.md), in the form Space-Track serves the class (field list of its
 * modeldef, values as strings; formats as in records Space-Track served, kept in
 * gamergenic/ConjunctionService cache/space-track-results-cache.json @e1fb9a00:
 * "CREATED":"2022-05-18 11:40:49.000000", "TCA":"2022-05-20T10:34:33.911000", MIN_RNG in whole
 * metres, "SAT2_RCS":null). From each CDM: CREATED = CREATION_DATE, TCA, MIN_RNG = MISS_DISTANCE,
 * PC = COLLISION_PROBABILITY, SAT_n_ID = the OBJECT_DESIGNATOR's number, SAT_n_NAME = OBJECT_NAME,
 * SAT_n_EXCL_VOL = CARA's "COMMENT EXCLUSION_VOLUME_RADIUS" (m, two decimals as Space-Track writes
 * "5.00"). Made up, because a CARA file has none: CDM_ID (Space-Track's own sequence number; here
 * 900000001 on, in file order) and EMERGENCY_REPORTABLE (Y where Pc ≥ 1e-4, CARA's red threshold);
 * left null because the files do not say them: SATn_OBJECT_TYPE and SATn_RCS (Space-Track fills
 * them from its catalogue).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readCdmFile } from '../../../src/core/cdm/index.ts';
import { CARA_CDM_DIR } from '../../reference/index.ts';

export type CdmPublicRecord = Record<string, string | null>;

const spaceTrackCreated = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}.${String(ms % 1000).padStart(3, '0')}000`;
const spaceTrackTca = (ms: number) => `${new Date(ms).toISOString().slice(0, 23)}000`;

/** The 27 CARA CDMs as cdm_public records, in file order (see above). */
export function caraCdmPublicRecords(): CdmPublicRecord[] {
  const files = readdirSync(CARA_CDM_DIR)
    .filter((f) => f.endsWith('.cdm'))
    .sort();
  return files.map((f, i) => {
    const text = readFileSync(`${CARA_CDM_DIR}${f}`, 'utf8');
    const [m] = readCdmFile(text).messages;
    if (!m) throw new Error(`${f}: not read`);
    const s = m.summary;
    const [, block1 = '', block2 = ''] = text.split(/^OBJECT\s*=\s*OBJECT[12]\s*$/m);
    const exclusion = (block: string) => {
      const match = /^COMMENT EXCLUSION_VOLUME_RADIUS\s*=\s*([\d.]+)/m.exec(block);
      return match ? Number(match[1]).toFixed(2) : null;
    };
    return {
      CDM_ID: String(900_000_001 + i),
      CREATED: spaceTrackCreated(s.creationDate),
      EMERGENCY_REPORTABLE: s.collisionProbability !== null && s.collisionProbability >= 1e-4 ? 'Y' : 'N',
      TCA: spaceTrackTca(s.tca),
      MIN_RNG: String(Math.round(s.missDistanceM)),
      PC: s.collisionProbability === null ? null : String(s.collisionProbability),
      SAT_1_ID: String(s.object1.noradId),
      SAT_1_NAME: s.object1.name,
      SAT1_OBJECT_TYPE: null,
      SAT1_RCS: null,
      SAT_1_EXCL_VOL: exclusion(block1),
      SAT_2_ID: String(s.object2.noradId),
      SAT_2_NAME: s.object2.name,
      SAT2_OBJECT_TYPE: null,
      SAT2_RCS: null,
      SAT_2_EXCL_VOL: exclusion(block2),
    };
  });
}

/**
 * `count` records for a benchmark: the 27 CARA records in turn, the k-th pass over them with its own
 * CDM_IDs and its TCA and CREATED moved k hours later (distinct events: more than 10 minutes apart).
 */
export function manyCdmPublicRecords(count: number): CdmPublicRecord[] {
  const base = caraCdmPublicRecords();
  const out: CdmPublicRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const r = base[i % base.length]!;
    const shift = Math.floor(i / base.length) * 3_600_000;
    out.push({
      ...r,
      CDM_ID: String(910_000_001 + i),
      CREATED: spaceTrackCreated(Date.parse(`${r.CREATED!.replace(' ', 'T').slice(0, 23)}Z`) + shift),
      TCA: spaceTrackTca(Date.parse(`${r.TCA!.slice(0, 23)}Z`) + shift),
    });
  }
  return out;
}

export interface MockRequest {
  method: string;
  path: string;
  at: number;
  session: boolean;
}

export interface SpaceTrackMock {
  readonly baseUrl: string;
  readonly requests: MockRequest[];
  /** The cdm_public records served (change freely). */
  publicRecords: unknown[];
  /** The full cdm records served. */
  fullRecords: unknown[];
  /** The next `count` queries (not logins) answer `status` (Retry-After: `retryAfterS` when given). */
  failNext(status: number, count?: number, retryAfterS?: number): void;
  /** Every session issued so far is no longer valid (a query with it gets 401). */
  expireSessions(): void;
  close(): Promise<void>;
}

const CDM_PUBLIC = '/basicspacedata/query/class/cdm_public/';
const CDM_FULL = '/expandedspacedata/query/class/cdm/';

/** The predicates of a query path (after the class): { SAT_1_ID: '1,2', TCA: '>now', … } up to orderby/format. */
function predicates(rest: string): Map<string, string> {
  const parts = rest.split('/').filter((p) => p !== '').map((p) => decodeURIComponent(p));
  const out = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length; i += 2) out.set(parts[i]!.toUpperCase(), parts[i + 1]!);
  return out;
}

function timeOf(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  const t = value.trim().replace(' ', 'T');
  return Date.parse(/[zZ]$/.test(t) ? t : `${t.slice(0, 23)}Z`);
}

function matches(record: unknown, where: Map<string, string>, now: number, idKeys: [string, string]): boolean {
  if (typeof record !== 'object' || record === null) return true; // served as is: the client must cope
  const r = record as Record<string, unknown>;
  for (const [key, value] of where) {
    if (key === 'ORDERBY' || key === 'FORMAT' || key === 'LIMIT' || key === 'EMPTYRESULT') continue;
    if (key === 'TCA') {
      if (value !== '>now') throw new Error(`mock: TCA predicate ${value} not supported`);
      if (!(timeOf(r.TCA) > now)) return false;
    } else if (key === idKeys[0] || key === idKeys[1]) {
      const ids = new Set(value.split(',').map((v) => Number(v)));
      if (!ids.has(Number(String(r[key] ?? '').trim()))) return false;
    } else {
      throw new Error(`mock: predicate ${key} not supported`);
    }
  }
  return true;
}

export async function startSpaceTrackMock(options: {
  identity: string;
  password: string;
  now: () => number;
  publicRecords?: unknown[];
  fullRecords?: unknown[];
  /** The answer to the gp class (the catalogue updater's query), as 3LE text. */
  gp?: string;
}): Promise<SpaceTrackMock> {
  const sessions = new Set<string>();
  const failures: { status: number; retryAfterS: number | undefined }[] = [];
  const requests: MockRequest[] = [];
  const state = { publicRecords: options.publicRecords ?? [], fullRecords: options.fullRecords ?? [] };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const cookie = /(?:^|;\s*)chocolatechip=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const session = cookie !== undefined && sessions.has(cookie);
    requests.push({ method: req.method ?? '', path, at: Date.now(), session });
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (path === '/ajaxauth/login' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        if (form.get('identity') === options.identity && form.get('password') === options.password) {
          const id = randomBytes(12).toString('hex');
          sessions.add(id);
          res.writeHead(200, { 'set-cookie': `chocolatechip=${id}; path=/; HttpOnly`, 'content-type': 'application/json' });
          res.end('""');
        } else {
          json(200, { Login: 'Failed' });
        }
      });
      return;
    }
    if (req.method !== 'GET') return json(405, { error: 'method not allowed' });
    if (path.startsWith('/basicspacedata/query/class/gp/')) {
      if (!session) return json(401, { error: 'You must be logged in to complete this action' });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(options.gp ?? '');
      return;
    }
    const full = path.startsWith(CDM_FULL);
    if (!path.startsWith(CDM_PUBLIC) && !full) return json(404, { error: `no such class: ${path}` });
    if (!session) return json(401, { error: 'You must be logged in to complete this action' });
    const failure = failures.shift();
    if (failure) return json(failure.status, { error: `HTTP ${failure.status}` }, failure.retryAfterS === undefined ? {} : { 'retry-after': String(failure.retryAfterS) });
    const where = predicates(path.slice((full ? CDM_FULL : CDM_PUBLIC).length));
    const now = options.now();
    const records = full ? state.fullRecords : state.publicRecords;
    const idKeys: [string, string] = full ? ['SAT1_OBJECT_DESIGNATOR', 'SAT2_OBJECT_DESIGNATOR'] : ['SAT_1_ID', 'SAT_2_ID'];
    try {
      json(
        200,
        records.filter((r) => matches(r, where, now, idKeys)),
      );
    } catch (error) {
      json(400, { error: (error as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    get publicRecords() {
      return state.publicRecords;
    },
    set publicRecords(r: unknown[]) {
      state.publicRecords = r;
    },
    get fullRecords() {
      return state.fullRecords;
    },
    set fullRecords(r: unknown[]) {
      state.fullRecords = r;
    },
    failNext(status, count = 1, retryAfterS) {
      for (let i = 0; i < count; i += 1) failures.push({ status, retryAfterS });
    },
    expireSessions() {
      sessions.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A CARA CDM (KVN) as a full `cdm` class record, in the form core cdm/space-track-json.ts documents
 * (OKAPIOrbits SpaceTrackCdm.java, AstroWatch ConjunctionDataMessage.cs): flat keys, each object's
 * prefixed SAT1_ / SAT2_, units in _UNIT keys, comments in COMMENT_… keys (CARA's HBR comment as
 * COMMENT_EFFECTIVE_HBR, DCP comments as SATn_COMMENT_DCP_…). CDM_ID is made up (`cdmId`).
 */
export function caraCdmFullRecord(fileName: string, cdmId: string): CdmPublicRecord {
  const out: CdmPublicRecord = { CDM_ID: cdmId };
  let prefix = '';
  let comments = 0;
  for (const raw of readFileSync(`${CARA_CDM_DIR}${fileName}`, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const comment = /^COMMENT\s+(.*)$/.exec(line);
    if (comment) {
      const text = comment[1]!.trim();
      comments += 1;
      if (/^HBR\s*=/.test(text)) out.COMMENT_EFFECTIVE_HBR = text;
      else out[`${prefix}COMMENT_${/^DCP/i.test(text) ? 'DCP_' : ''}${comments}`] = text;
      continue;
    }
    const kv = /^([A-Z0-9_]+)\s*=\s*(.*?)\s*(?:\[(.+)\])?$/.exec(line);
    if (!kv) throw new Error(`${fileName}: cannot convert '${line}'`);
    const [, key, value, unit] = kv;
    if (key === 'OBJECT') prefix = value === 'OBJECT1' ? 'SAT1_' : 'SAT2_';
    out[`${prefix}${key}`] = value!;
    if (unit) out[`${prefix}${key}_UNIT`] = unit;
  }
  return out;
}
