/**
 * Fuzz of the whole API (issue 12, "Every bad input is a 4xx"): at least 10,000 seeded requests spread
 * over every operation of the OpenAPI document the real app publishes (read at run time from
 * app.swagger(), so routes added later join by themselves), each built from the operation's own
 * parameter and body schemas: schema-valid values, the same with mutations (wrong types, NUL, ±1e308,
 * NaN and Infinity as text and as raw JSON tokens, huge and empty strings, missing and unknown fields,
 * unicode, lone surrogates, numbers just past int32 and 2^53, deep nesting), whole files for the import
 * routes with lines broken, and random content types. Not one may answer 5xx.
 *
 * The app runs on PGlite with a small real catalogue (CelesTrak's active GP set, the fleet and the
 * adversaries plus 150 others) so that valid requests reach real data; CDM and space-weather imports in
 * the stream add events and days. Operations whose successful answers are costly (a screening run, a
 * drag lifetime, an import, an SSE stream) stop after a few successes per run and then get only requests
 * that must be refused, so the run stays near a minute on two cores.
 *
 * Reproduce a failure with FUZZ_SEED=<seed> (printed with every failing request); FUZZ_REQUESTS sets the count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADVERSARIES, FLEET } from '../../src/core/catalog/index.ts';
import { useTestApp } from './support/app.ts';
import { rng } from './support/random.ts';
import { HAS_REFERENCE, REFERENCE_DIR } from './support/reference.ts';
import { CARA_CDM_DIR } from '../reference/index.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);

/** The real catalogue subset, as CSV (OMM keywords): fleet, adversaries and the first 150 other rows. */
function catalogueSubset(): string {
  const lines = readFileSync(`${REFERENCE_DIR}catalog/celestrak_active_gp_2026-07.csv`, 'utf8').split(/\r?\n/);
  const header = lines[0]!;
  const column = header.split(',').indexOf('NORAD_CAT_ID');
  const wanted = new Set([...FLEET.map((f) => f.norad), ...ADVERSARIES.map((a) => a.norad)]);
  const rows = lines.slice(1).filter((line) => line.trim() !== '');
  const named = rows.filter((row) => wanted.has(Number(row.split(',')[column])));
  return [header, ...named, ...rows.filter((row) => !named.includes(row)).slice(0, 150)].join('\n');
}

/** Requests of the second run, through the access layer with accounts on. */
const ACCESS_REQUESTS = Number(process.env.FUZZ_ACCESS_REQUESTS ?? 2_000);

/** The same app with accounts (AUTH=on), an admin signed in; its write limit out of the way of the fuzz. */
const secured = useTestApp({
  name: 'fuzz-api-auth',
  env: { DEMO_CATALOG: 'off', SCREENING: 'off', AUTH: 'on', WRITES_PER_MINUTE: '100000', LOGIN_ATTEMPTS_PER_15_MIN: '1000' },
  async prepare(ctx) {
    const now = new Date();
    await ctx.services.catalog.initialise(now);
    if (HAS_REFERENCE) await ctx.services.catalog.importElementSets(catalogueSubset(), { source: 'import', label: 'fuzz subset' }, now);
    await ctx.services.accounts.addUser({ username: 'fuzz-admin', password: 'fuzz-admin-password', role: 'admin' }, now);
  },
});

const server = useTestApp({
  name: 'fuzz-api',
  // NOTIFY_SECRET_KEY: webhook rules (issue 29) are made, not only refused.
  env: { DEMO_CATALOG: 'off', SCREENING: 'off', NOTIFY_SECRET_KEY: '7c1f4e2a9b3d5c8e0f6a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6' },
  async prepare(ctx) {
    const now = new Date();
    await ctx.services.catalog.initialise(now);
    if (HAS_REFERENCE) await ctx.services.catalog.importElementSets(catalogueSubset(), { source: 'import', label: 'fuzz subset' }, now);
  },
});

// ─── Seeded randomness (support/random.ts) ───────────────────────────────────────────────────────

const random = rng(SEED);
const chance = (p: number) => random() < p;
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

/** Printable noise PostgreSQL cannot compress; `wide`: the BMP below the surrogates. */
function noise(length: number, wide = false): string {
  return Array.from({ length }, () => String.fromCharCode(wide ? 0x100 + int(0, 0xd800 - 0x101) : 0x21 + int(0, 93))).join('');
}

// ─── The OpenAPI document ───────────────────────────────────────────────────────────────────────

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  method: string;
  path: string;
  key: string;
  parameters: Parameter[];
  body?: Schema;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content;
      const body = content ? Object.values(content)[0]?.schema : undefined;
      ops.push({ method: method.toUpperCase(), path, key: `${method.toUpperCase()} ${path}`, parameters: op.parameters ?? [], ...(body ? { body } : {}) });
    }
  }
  return ops;
}

// ─── Values from a schema ───────────────────────────────────────────────────────────────────────

/** Values seen in answers (ids of events, jobs, objects), by field name: later requests reuse them. */
const harvested = new Map<string, unknown[]>();
function harvest(value: unknown): void {
  const stack: unknown[] = [value];
  for (let n = 0; stack.length > 0 && n < 20_000; n += 1) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item.slice(0, 50));
    else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if ((typeof child === 'string' && child.length <= 64) || typeof child === 'number') {
          if (/(^id$|Id$|_id$|^id_|norad)/i.test(key)) {
            const pool = harvested.get(key) ?? [];
            if (pool.length < 200 && !pool.includes(child)) pool.push(child);
            harvested.set(key, pool);
          }
        } else stack.push(child);
      }
    }
  }
}
const known = (...keys: string[]) => keys.flatMap((k) => harvested.get(k) ?? []);

const NORADS = [...FLEET.map((f) => f.norad), ...ADVERSARIES.map((a) => a.norad), 25544, 5, 900];
/**
 * Instants at and beyond what PostgreSQL stores (issue 30 item 1: year 0000 reached it as an
 * out-of-range timestamp, a 500), and before 1957, where no element set or conjunction can be.
 */
const EXTREME_INSTANTS = [
  '0000-06-15T00:00:00Z',
  '0000-01-01T00:00:00.000Z',
  '0001-01-01T00:00:00+05:00',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59-05:00',
  '10000-01-01T00:00:00Z',
  '+010000-01-01T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '1900-01-01T00:00:00Z',
  '1956-12-31T23:59:59Z',
  '1957-10-04T19:28:34Z',
];
const isoNear = () =>
  chance(0.1) ? pick(EXTREME_INSTANTS) : new Date(Date.now() + int(-10, 10) * 86_400_000 + int(0, 86_399) * 1000).toISOString();
/** Candidates for a string with a pattern (the first that matches is taken). */
const PATTERN_CANDIDATES = () => [
  ...known('conjunctionId'),
  'CNJ-2024-001',
  `CNJ-${new Date().getUTCFullYear()}-${String(int(1, 30)).padStart(3, '0')}`,
  pick(['critical', 'high', 'medium', 'low']),
  'critical,high',
  pick(['tca', '-tca', 'pc', '-pc', 'risk', 'miss', 'primary', '-lastUpdated']),
  String(int(1, 100)),
  (random() * 100).toFixed(2),
];

const resolve = (schema: Schema, doc: OpenApiDocument): Schema => {
  let s = schema;
  for (let n = 0; s.$ref && n < 10; n += 1) s = doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')] ?? {};
  return s;
};

/** A number within the range a description states ("latitude, -90 to 90 degrees"), or undefined. */
function describedRange(description: string | undefined): [number, number] | undefined {
  const m = /(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?) to (-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)/i.exec(description ?? '');
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

function numberIn(s: Schema, integer: boolean, name: string): number {
  if (/satellite|norad/i.test(name) && chance(0.8)) return pick(NORADS);
  if (/(^id$|Id$)/.test(name)) {
    const pool = known(name, 'id').filter((v): v is number => typeof v === 'number');
    if (pool.length > 0 && chance(0.7)) return pick(pool);
    return int(1, 20);
  }
  const lowEx = typeof s.exclusiveMinimum === 'number';
  const highEx = typeof s.exclusiveMaximum === 'number';
  const lo = s.minimum ?? (lowEx ? (s.exclusiveMinimum as number) : -1000);
  let hi = s.maximum ?? (highEx ? (s.exclusiveMaximum as number) : 1000);
  if (hi - lo > 1e6 && chance(0.7)) hi = lo + (lo < 0 ? -2 * lo : 1000);
  if (chance(0.15)) return integer ? Math.ceil(lo + (lowEx ? 1 : 0)) : lowEx ? lo + 1e-9 * Math.max(1, Math.abs(lo)) : lo;
  if (chance(0.15)) return integer ? Math.floor(hi) : hi;
  const v = lo + random() * (hi - lo);
  return integer ? Math.round(v) : v;
}

function stringFor(s: Schema, name: string): string {
  if (s.enum) return String(pick(s.enum));
  if (s.format === 'date-time' || /time|start|end|date/i.test(name)) {
    if (s.pattern === undefined || chance(0.9)) return isoNear();
  }
  if (/conjunctionId/.test(name) && known('conjunctionId').length > 0 && chance(0.7)) return String(pick(known('conjunctionId')));
  if (name === 'id' && chance(0.6)) {
    const pool = known('job_id', 'id', 'conjunctionId');
    if (pool.length > 0) return String(pick(pool));
  }
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const range = describedRange(s.description);
    if (range && re.test('1')) {
      const v = range[0] + random() * (range[1] - range[0]);
      return chance(0.5) ? String(Math.round(v)) : v.toFixed(3);
    }
    const found = PATTERN_CANDIDATES().filter((c) => re.test(String(c)));
    if (found.length > 0) return String(pick(found));
  }
  if (/threshold/.test(name)) return pick(['5.0', '1', '10', '0.5']);
  const min = s.minLength ?? 1;
  const max = Math.min(s.maxLength ?? 24, 24);
  return pick(['Ops Shift B', 'watch list', 'ISS (ZARYA)', 'test', 'Ofeq-16', 'nominal', noise(int(min, Math.max(min, max)))]).slice(0, s.maxLength ?? 1000).padEnd(min, 'x');
}

/** A value the schema accepts (as far as a generator can tell: patterns and refinements may still refuse it). */
function valid(schema: Schema, doc: OpenApiDocument, name = '', depth = 0): unknown {
  const s = resolve(schema, doc);
  if (s.const !== undefined) return s.const;
  if (s.enum) return pick(s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) {
    const options = union.filter((o) => resolve(o, doc).type !== 'null');
    return valid(chance(0.9) && options.length > 0 ? pick(options) : pick(union), doc, name, depth + 1);
  }
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => valid(part, doc, name, depth + 1)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : ['string'];
  const type = types.length > 1 && chance(0.9) ? (types.find((t) => t !== 'null') ?? types[0]!) : pick(types);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return chance(0.5);
    case 'integer':
      return numberIn(s, true, name);
    case 'number':
      return numberIn(s, false, name);
    case 'array': {
      const n = int(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3));
      return depth > 8 ? [] : Array.from({ length: Math.max(n, /satellite_ids/.test(name) ? 1 : 0) }, () => valid(s.items ?? {}, doc, name, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(key) || chance(0.5)) out[key] = valid(prop, doc, key, depth + 1);
      }
      return out;
    }
    default:
      return stringFor(s, name);
  }
}

// ─── Mutations ──────────────────────────────────────────────────────────────────────────────────

/** Replacement values for one field: wrong types, edges, junk (built once; the noise from a generator of its own). */
const ODD_VALUES: readonly unknown[] = (() => {
  const own = rng(1);
  const text = (length: number, wide: boolean) =>
    Array.from({ length }, () => String.fromCharCode(wide ? 0x100 + Math.floor(own() * (0xd800 - 0x100)) : 0x21 + Math.floor(own() * 94))).join('');
  return [
    null, true, false, 0, -0, -1, 1.5, 1e308, -1e308, 5e-324, 2147483647, 2147483648, -2147483649, 4294967296, 2 ** 53 + 1 + 1, 2 ** 53 + 2, 1e21,
    '', ' ', '\u0000', 'a\u0000b', 'NaN', 'Infinity', '-Infinity', '1e308', '-1e308', '1e400', '2147483648', '99999999999', '-0', '0x10', '1_000', ' 7 ', '+5', '.5', '5.',
    'x'.repeat(100_000), text(8192, false), text(3000, true), '🚀', '\uD800', '\uDFFFx', 'Ω≈ç√∫', '\u202Eabc', '\u0007\u001b[31m', 'null', 'true', '[]', '{}',
    "'; drop table x;--", '../../etc/passwd', '<script>alert(1)</script>', '%00', 'CNJ-0000-000', 'CNJ-9999-99999999999999999999',
    [], {}, [[]], { a: 1 }, [1, 2, 3], ['\u0000'], Array.from({ length: 1000 }, (_, i) => i), JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`),
  ];
})();
const ODD = () => ODD_VALUES;
/** Raw JSON tokens JSON.stringify cannot produce. */
const RAW_TOKENS = ['NaN', 'Infinity', '-Infinity', '1e400', '-1e400', '1e-400', '0x1F', '01', '.5', 'undefined', '"\\ud800"', '"\\u0000"', '1' + '0'.repeat(400)];

/** Numbers at and past the edges of every range: the drag and ROI calculators overflowed on these. */
const EXTREME_NUMBERS = [1e308, -1e308, 5e-324, -5e-324, 1e-300, 2 ** 53 + 2, -(2 ** 53), 2147483648, 1e21, 0, -0];
/** `text` with a NUL inside: PostgreSQL text cannot hold one, so every stored string must refuse it. */
const withNul = (text: string) => {
  const at = int(0, text.length);
  return `${text.slice(0, at)}\u0000${text.slice(at)}`;
};

function mutateValue(value: unknown): { value: unknown; raw?: string } {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(obj);
    const strings = keys.filter((k) => typeof obj[k] === 'string');
    const numbers = keys.filter((k) => typeof obj[k] === 'number');
    const what = random();
    if (what < 0.2 && strings.length > 0) {
      const key = pick(strings);
      obj[key] = withNul(obj[key] as string);
    } else if (what < 0.4 && numbers.length > 0) obj[pick(numbers)] = pick(EXTREME_NUMBERS);
    else if (what < 0.5 && keys.length > 0) delete obj[pick(keys)];
    else if (what < 0.55) obj[pick(['bogus', '__proto__', 'constructor', '', '\u0000', 'a'.repeat(300)])] = pick(ODD());
    else if (what < 0.65 && keys.length > 0) {
      const key = pick(keys);
      const token = pick(RAW_TOKENS);
      obj[key] = '__RAW__';
      return { value: obj, raw: JSON.stringify(obj).replace('"__RAW__"', token) };
    } else if (keys.length > 0) {
      const key = pick(keys);
      obj[key] = chance(0.3) ? mutateValue(obj[key]).value : pick(ODD());
    } else return { value: pick(ODD()) };
    return { value: obj };
  }
  if (Array.isArray(value) && value.length > 0 && chance(0.6)) {
    const copy = [...value];
    copy[int(0, copy.length - 1)] = pick(ODD());
    return { value: copy };
  }
  return { value: pick(ODD()) };
}

/** Keywords of the JSON files the import routes read (Space-Track CDM records, OMM). */
const JSON_FILE_KEYS = ['CDM_ID', 'TCA', 'SAT_1_ID', 'SAT_2_ID', 'PC', 'MIN_RNG', 'CREATED', 'OBJECT_NAME', 'NORAD_CAT_ID', 'EPOCH', 'MEAN_MOTION', 'ECCENTRICITY', 'INCLINATION'];

/** A JSON file of records whose values are odd (lone surrogates and NULs as JSON escapes, ±1e308, …). */
function jsonFile(): string {
  return JSON.stringify(Array.from({ length: int(1, 3) }, () => Object.fromEntries(JSON_FILE_KEYS.filter(() => chance(0.7)).map((k) => [k, pick(ODD())]))));
}

/** A real file for an import route, picked by the path; sometimes a JSON file of odd records. */
function fileFor(path: string, corpus: Corpus): string {
  if (chance(0.1)) return jsonFile();
  if (/cdm/.test(path)) return pick(corpus.cdms);
  if (/space-weather/.test(path)) return pick(corpus.spaceWeather);
  if (/catalog/.test(path)) return pick(corpus.catalogue);
  return pick([...corpus.cdms, ...corpus.catalogue, ...corpus.spaceWeather]);
}

/** A file with lines deleted, duplicated, cut or given odd values; sometimes NUL, CR LF, a BOM or noise. */
function mutateText(text: string): string {
  const lines = text.split('\n');
  for (let k = int(1, 4); k > 0; k -= 1) {
    const i = int(0, Math.max(0, lines.length - 1));
    const what = random();
    if (what < 0.2) lines.splice(i, 1);
    else if (what < 0.35) lines.splice(i, 0, lines[i] ?? '');
    else if (what < 0.75) {
      const odd = String(pick(ODD()));
      lines[i] = /=/.test(lines[i] ?? '') ? (lines[i] ?? '').replace(/=.*$/, `= ${odd}`) : (lines[i] ?? '').replace(/[^,\s]+/, odd);
    } else if (what < 0.85) lines[i] = (lines[i] ?? '').slice(0, int(0, 30));
    else if (what < 0.92) lines[i] = `${lines[i] ?? ''}\u0000`;
    else lines[i] = noise(int(1, 200), chance(0.5));
  }
  const out = lines.join(chance(0.2) ? '\r\n' : '\n');
  return chance(0.05) ? `\uFEFF${out}` : out;
}

// ─── Requests ───────────────────────────────────────────────────────────────────────────────────

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** encodeURIComponent, or a malformed UTF-8 escape for a lone surrogate (which it refuses). */
function enc(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'text/plain', 'text/plain; charset=utf-8', 'text/csv', 'application/xml', 'text/xml',
  'application/octet-stream', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16',
  'application/json; charset=latin1', 'application/x-fuzz', 'garbage;;;=', 'text/html',
];

interface Corpus {
  cdms: string[];
  catalogue: string[];
  spaceWeather: string[];
}

/**
 * 'refused': only requests that must be refused (a NUL in a parameter or the body); 'edge': the same, or a
 * numeric body field far past any sane bound (±1e308, 1e-300, 2^53+2), which the contracts must refuse.
 */
type Mode = 'valid' | 'mutated' | 'chaos' | 'edge' | 'refused';

/** One request to `op` in `mode`. */
function build(op: Operation, doc: OpenApiDocument, corpus: Corpus, mode: Mode): FuzzRequest {
  const headers: Record<string, string> = {};
  let method = op.method;
  if (mode === 'chaos' && chance(0.1)) method = pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);

  // Which single place a 'mutated' request breaks.
  const places = [...op.parameters.map((p) => `param:${p.name}`), ...(op.body ? ['body'] : [])];
  const refusing = mode === 'refused' || mode === 'edge';
  const broken = mode === 'mutated' || refusing ? (places.length > 0 ? pick(places) : 'none') : 'none';

  let path = op.path;
  const query: string[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const here = broken === `param:${p.name}`;
    if (p.in === 'query' && !p.required && !here && chance(0.5)) continue;
    let value: unknown = valid(p.schema ?? {}, doc, p.name);
    if (here && refusing) value = `${String(value)}\u0000`;
    else if (here || mode === 'chaos') {
      if (chance(0.15) && p.in === 'query') continue; // missing
      value = chance(0.25) ? withNul(String(value)) : chance(0.2) ? pick(EXTREME_NUMBERS) : mutateValue(value).value;
    }
    if (p.in === 'path') path = path.replace(`{${p.name}}`, value === '' && chance(0.5) ? '' : enc(value));
    else {
      query.push(`${enc(p.name)}=${enc(value)}`);
      if (here && chance(0.2)) query.push(`${enc(p.name)}=${enc(pick(ODD()))}`); // repeated: an array
    }
  }
  if (mode === 'chaos' && chance(0.3)) query.push(`${pick(['bogus', 'limit', 'name', 'q', '%zz', ''])}=${pick(['%', '%zz', '%E0%A4%A', enc(pick(ODD())), ''])}`);
  const url = `${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;

  let payload: string | undefined;
  if (op.body || mode === 'chaos') {
    const schema = op.body ? resolve(op.body, doc) : {};
    const textBody = schema.type === 'string';
    if (textBody) {
      payload = fileFor(op.path, corpus);
      if (broken === 'body' && refusing) payload = `${payload}\n\u0000`;
      else if (broken === 'body' || mode === 'chaos') payload = chance(0.8) ? mutateText(payload) : String(pick(ODD()));
      headers['content-type'] = /cdm|xml/.test(payload.slice(0, 200)) && payload.trimStart().startsWith('<') ? 'application/xml' : pick(['text/plain', 'text/csv', 'application/json']);
    } else {
      let value: unknown = op.body ? valid(op.body, doc) : {};
      let raw: string | undefined;
      if (broken === 'body' && refusing) {
        const fields = Object.entries(value as object);
        const numeric = fields.filter(([, v]) => typeof v === 'number').map(([k]) => k);
        value =
          mode === 'edge' && numeric.length > 0
            ? { ...(value as object), [pick(numeric)]: pick([1e308, -1e308, 1e-300, 2 ** 53 + 2, -(2 ** 53)]) }
            : { ...(value as object), [pick(fields.map(([k]) => k).concat('reason'))]: 'x\u0000y' };
      } else if (broken === 'body' || mode === 'chaos') {
        ({ value, raw } = mutateValue(value));
        if (chance(0.1)) value = pick(ODD());
      }
      payload = raw ?? JSON.stringify(value) ?? 'null';
      if (mode === 'chaos' && chance(0.3)) payload = payload.slice(0, int(0, payload.length));
      // Nested 50,000 deep (parsers and walkers must not recurse on it), or a megabyte of noise.
      if (mode === 'chaos' && chance(0.02)) payload = `{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
      if (mode === 'chaos' && chance(0.005)) payload = JSON.stringify({ reason: noise(1 << 20) });
      headers['content-type'] = 'application/json';
    }
    if (mode === 'chaos' && chance(0.5)) headers['content-type'] = pick(CONTENT_TYPES);
    if (mode === 'chaos' && chance(0.05)) delete headers['content-type'];
  }
  if (refusing && broken === 'none') {
    // No parameter and no body: send one that cannot be taken (a NUL in an unknown query parameter is refused before anything else).
    return { method, url: `${url}${url.includes('?') ? '&' : '?'}note=${enc('\u0000')}`, headers, ...(payload === undefined ? {} : { payload }) };
  }
  return { method, url, headers, ...(payload === undefined ? {} : { payload }) };
}

/**
 * How many successful (2xx) answers an operation may give in one run before it gets only requests that
 * must be refused: the costly ones (a screening, a 25-year lifetime on the event loop, an import that
 * rebuilds the catalogue, an SSE stream that lasts as long as its analysis, an avoidance plan or trade
 * space on a worker thread).
 */
function successCap(op: Operation): number {
  if (/analyze-selected/.test(op.path)) return 2;
  if (/events$/.test(op.path) && op.method === 'GET' && /jobs/.test(op.path)) return 3;
  if (/drag-calculator\/calculate/.test(op.path)) return 6;
  if (/import/.test(op.path)) return 25;
  // Each accepted plan or trade space is a worker thread screening or planning for seconds.
  if (/\/(plans|avoidance)$/.test(op.path) && op.method === 'POST') return 3;
  if (/jobs\/\{id\}$/.test(op.path) && op.method === 'DELETE') return 5;
  return Number.POSITIVE_INFINITY;
}

describe.skipIf(!HAS_REFERENCE)('the requests that were 500s (issue 12)', () => {
  it('are 400s naming the field: NUL in stored strings, 1e308 in the ROI calculator, extreme drag inputs', async () => {
    const { app } = server;
    const nul = (field: string) => `Invalid request: ${field}: must not contain a NUL character (U+0000)`;
    const hio = { satelliteId: FLEET[0]!.norad, priority: 'high', reason: 'watch', trackingFrequency: 60 };
    const drag = { name: 'Ofeq-16', mass: 400, crossSectionalArea: 3.2, model: 'nrlmsise' };
    const roi = { satellites: 100, costPerSatellite: 1e5, annualLossRate: 0.05, preventionRate: 0.1, annualInsurance: 1e6, insuranceDiscount: 0.05, annualFuelSavings: 1e4, annualRevenueAtRisk: 1e6, preventedDowntime: 0.1, dataServiceCost: 1.5e5 };
    const threeLe = ['0 VANGUARD 1', '1 00005U 58002B   23282.54072583  .00000274  00000-0  37082-3 0  9997', '2 00005  34.2426 102.8218 1844295  34.3480 336.3609 10.85092911336586'];
    const cases: [string, { method: 'POST' | 'PATCH'; url: string; payload: string | object; headers?: Record<string, string> }, string][] = [
      ['HIO reason', { method: 'POST', url: '/api/high-interest-objects', payload: { ...hio, reason: 'watch\u0000' } }, nul('body.reason')],
      ['HIO addedBy', { method: 'POST', url: '/api/high-interest-objects', payload: { ...hio, addedBy: '\u0000Ops' } }, nul('body.addedBy')],
      ['HIO patch', { method: 'PATCH', url: '/api/high-interest-objects/1', payload: { reason: '\u0000' } }, nul('body.reason')],
      ['drag name', { method: 'POST', url: '/api/drag-calculator/calculate', payload: { ...drag, name: 'Ofeq\u000016' } }, nul('body.name')],
      ['analysis id', { method: 'POST', url: '/api/conjunction/analyze', payload: { conjunctionId: 'CNJ-2024-001\u0000' } }, nul('body.conjunctionId')],
      ['catalogue import name', { method: 'POST', url: '/api/catalog/import?name=a%00b', payload: threeLe.join('\n'), headers: { 'content-type': 'text/plain' } }, nul('querystring.name')],
      ['space-weather import name', { method: 'POST', url: '/api/space-weather/import?name=a%00b', payload: 'DATE,F10.7_DATA_TYPE\n', headers: { 'content-type': 'text/csv' } }, nul('querystring.name')],
      [
        '3LE name line',
        { method: 'POST', url: '/api/catalog/import', payload: ['0 VANGUARD\u00001', ...threeLe.slice(1)].join('\r\n'), headers: { 'content-type': 'text/plain' } },
        'Invalid request: body: line 1 contains a NUL character (U+0000); is this a binary file?',
      ],
      ['drag name, lone surrogate', { method: 'POST', url: '/api/drag-calculator/calculate', payload: '{"name":"Ofeq\\ud800","mass":400,"crossSectionalArea":3.2,"model":"nrlmsise"}', headers: { 'content-type': 'application/json' } }, 'Invalid request: body.name: must be valid Unicode: it holds an unpaired surrogate (U+D800–U+DFFF)'],
      ['ROI 1e308', { method: 'POST', url: '/api/calculator/roi', payload: { ...roi, costPerSatellite: 1e308 } }, 'Invalid request: body.costPerSatellite: Too big: expected number to be <=1000000000000000'],
      ['drag area 1e308', { method: 'POST', url: '/api/drag-calculator/calculate', payload: { ...drag, crossSectionalArea: 1e308 } }, 'Invalid request: body.crossSectionalArea: must be at most 10000 square metres, got 1e+308'],
      ['drag mass 1e-300', { method: 'POST', url: '/api/drag-calculator/calculate', payload: { ...drag, mass: 1e-300 } }, 'Invalid request: body.mass: must be at least 0.001 kilograms, got 1e-300'],
      ['drag area 2^53+2', { method: 'POST', url: '/api/drag-calculator/calculate', payload: { ...drag, crossSectionalArea: 2 ** 53 + 2 } }, 'Invalid request: body.crossSectionalArea: must be at most 10000 square metres, got 9007199254740994'],
    ];
    for (const [what, request, message] of cases) {
      const res = await app.inject(request);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({ message });
    }
  });
});

/**
 * Sends `count` seeded requests across every operation of the app's OpenAPI document and returns
 * the ones answered 5xx. `credentials` adds headers to each request (a session cookie and its CSRF
 * token, or a bearer token) so that the requests get past the access layer into the routes.
 */
async function fuzz(app: typeof server.app, count: number, label: string, credentials: () => Promise<Record<string, string>> | Record<string, string> = () => ({})) {
  const doc = app.swagger() as unknown as OpenApiDocument;
  const ops = operationsOf(doc);
  expect(ops.length).toBeGreaterThan(40);

  const corpus: Corpus = {
    cdms: readdirSync(CARA_CDM_DIR).map((f) => readFileSync(`${CARA_CDM_DIR}${f}`, 'utf8')),
    catalogue: (() => {
      const lines = readFileSync(`${REFERENCE_DIR}catalog/full_catalog_3le_2023-10-09.txt`, 'utf8').split('\n');
      const csv = catalogueSubset().split('\n');
      return [lines.slice(0, 30).join('\n'), lines.slice(3000, 3060).join('\n'), [csv[0], ...csv.slice(1, 20)].join('\n'), 'OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OWNER\nISS (ZARYA),1998-067A,25544,PAY,ISS\n'];
    })(),
    spaceWeather: (() => {
      const lines = readFileSync(`${REFERENCE_DIR}spaceweather/SW-All_1998-2026.csv`, 'utf8').split('\n');
      return [[lines[0], ...lines.slice(-120)].join('\n'), [lines[0], ...lines.slice(9000, 9040)].join('\n')];
    })(),
  };

  const successes = new Map<string, number>();
  const sent = new Map<string, number>();
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  const started = Date.now();

  for (let i = 0; i < count; i += 1) {
    // Every operation in turn for the first rounds, then at random.
    const op = i < ops.length * 5 ? ops[i % ops.length]! : pick(ops);
    const done = successes.get(op.key) ?? 0;
    const r = random();
    // Past its cap a costly operation gets requests that must be refused; past twice its cap (an edge value
    // that was accepted after all), only NULs.
    const mode: Mode = done >= 2 * successCap(op) ? 'refused' : done >= successCap(op) ? 'edge' : r < 0.3 ? 'valid' : r < 0.85 ? 'mutated' : 'chaos';
    const request = build(op, doc, corpus, mode);
    const headers = { ...request.headers, ...(await credentials()) };
    const res = await app.inject({ method: request.method as 'GET', url: request.url, headers, ...(request.payload === undefined ? {} : { payload: request.payload }) });
    sent.set(op.key, (sent.get(op.key) ?? 0) + 1);
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode >= 200 && res.statusCode < 300) {
      successes.set(op.key, (successes.get(op.key) ?? 0) + 1);
      if (res.body.length < 200_000 && /json/.test(String(res.headers['content-type']))) {
        try {
          harvest(JSON.parse(res.body));
        } catch {
          // not JSON after all
        }
      }
    }
    if (res.statusCode >= 500) {
      failures.push(
        `#${i} (seed ${SEED}, ${mode}) ${request.method} ${request.url.slice(0, 300)} content-type: ${request.headers['content-type'] ?? '(none)'} ` +
          `payload: ${JSON.stringify(request.payload?.slice(0, 300) ?? null)} → ${res.statusCode} ${res.body.slice(0, 300)}`,
      );
    }
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `[fuzz-api${label}] seed ${SEED}: ${count} requests over ${ops.length} operations in ${seconds} s; ` +
      `statuses ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(', ')}`,
  );
  // Every operation was exercised.
  for (const op of ops) expect(sent.get(op.key) ?? 0, op.key).toBeGreaterThanOrEqual(5);
  return { failures, statuses };
}

describe.skipIf(!HAS_REFERENCE)(`fuzzing every operation of the OpenAPI document (seed ${SEED})`, () => {
  it(`answers ${REQUESTS} seeded requests without a 5xx`, async () => {
    const { failures } = await fuzz(server.app, REQUESTS, '');
    expect(failures, `seed ${SEED}: ${failures.length} requests answered 5xx`).toEqual([]);
  }, 600_000);
});

describe.skipIf(!HAS_REFERENCE)(`fuzzing through the access layer: accounts on (seed ${SEED})`, () => {
  it('answers signed-in, token and anonymous requests without a 5xx', async () => {
    const app = secured.app;
    let cookie = '';
    let csrf = '';
    // The fuzz may sign the session out, change the admin's password or revoke the token: every
    // 50 requests the admin's password is set back and a fresh session and token are made.
    const signIn = async () => {
      await secured.ctx.services.accounts.updateUser('fuzz-admin', { password: 'fuzz-admin-password', role: 'admin' }, new Date());
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'fuzz-admin', password: 'fuzz-admin-password' } });
      expect(login.statusCode, login.body).toBe(200);
      cookie = login.cookies.find((c) => c.name === 'dataforge_session')!.value;
      csrf = (login.json() as { csrfToken: string }).csrfToken;
      token = (await secured.ctx.services.accounts.createToken('fuzz-admin', 'fuzz', new Date())).token;
    };
    let token = '';
    await signIn();
    // Mostly a session with its token or a bearer token (to reach the routes), else a session without
    // the CSRF token, a forged bearer, a forged cookie, nobody.
    const session = () => ({ cookie: `dataforge_session=${cookie}`, 'x-csrf-token': csrf });
    const bearer = () => ({ authorization: `Bearer ${token}` });
    const kinds: (() => Record<string, string>)[] = [
      session,
      session,
      session,
      bearer,
      bearer,
      () => ({ cookie: `dataforge_session=${cookie}` }),
      () => ({ authorization: `Bearer dft_${'A'.repeat(43)}` }),
      () => ({ cookie: 'dataforge_session=forged.value' }),
      () => ({}),
    ];
    let sentSoFar = 0;
    const credentials = async () => {
      sentSoFar += 1;
      if (sentSoFar % 50 === 0) await signIn();
      return pick(kinds)();
    };
    const { failures, statuses } = await fuzz(app, ACCESS_REQUESTS, ' auth', credentials);
    expect(failures, `seed ${SEED}: ${failures.length} requests answered 5xx`).toEqual([]);
    // The doors were met: refusals for missing sign-in and CSRF, and requests let through.
    expect(statuses.get(401) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(403) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
  }, 600_000);
});
