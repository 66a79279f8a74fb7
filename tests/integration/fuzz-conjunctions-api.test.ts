/**
 * Fuzz of the conjunction-event and CDM routes (issue 11): thousands of malformed requests —
 * random query strings, ids, bodies, content types, and real CARA CDMs with lines deleted,
 * duplicated or given absurd values (NaN, 1e308, −0, empty, NUL, very long, incompressible noise as
 * MESSAGE_ID or ORIGINATOR, just past PostgreSQL's integer) — and not one may get
 * a 5xx. A seeded generator makes every failure reproducible.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app.ts';
import { rng } from './support/random.ts';
import { CARA_CDM_DIR } from '../reference/index.ts';

const server = useTestApp({ name: 'fuzz-cnj', env: { DEMO_CATALOG: 'off', SCREENING: 'off' } });

/**
 * `length` printable characters of seeded noise: unlike 'x'.repeat(…), PostgreSQL cannot compress
 * them, so as a MESSAGE_ID or ORIGINATOR they exceed what a btree index entry may hold. `wide`
 * draws from the whole BMP below the surrogates (three UTF-8 bytes each).
 */
function noise(seed: number, length: number, wide = false): string {
  const random = rng(seed);
  return Array.from({ length }, () => String.fromCharCode(wide ? 0x100 + Math.floor(random() * (0xd800 - 0x100)) : 0x21 + Math.floor(random() * 94))).join('');
}

const ODD_VALUES = [
  '', ' ', '0', '-0', '-1', '1e308', '-1e308', '1e-320', 'NaN', 'Infinity', '9'.repeat(40), 'x'.repeat(5000), noise(1, 8192), noise(2, 3000, true),
  // Just past PostgreSQL's integer (ids, limits) and far past it.
  '2147483648', '99999999999',
  '\u0000', 'null', '[]', '{}', '%', "'; drop table x;--", 'CNJ-2021-001', 'CNJ-0000-000', '🚀', '\uD800', 'tca', '-pc', 'critical,high', 'open',
];
const PARAMS = ['status', 'source', 'risk', 'q', 'tcaFrom', 'tcaTo', 'sort', 'limit', 'offset', 'bogus'];
/** encodeURIComponent, or a malformed UTF-8 escape for a lone surrogate (which it refuses). */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};
const TYPES = ['text/plain', 'application/json', 'application/xml', 'application/octet-stream', 'text/xml', 'text/csv', 'multipart/form-data'];

describe('fuzzing GET /api/conjunctions, GET /api/conjunctions/{id}, POST /api/cdm/import, GET /api/cdm/messages/{id}, GET /api/proximities', () => {
  it('never answers 5xx', async () => {
    const random = rng(20261126);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const cdms = readdirSync(CARA_CDM_DIR).map((f) => readFileSync(`${CARA_CDM_DIR}${f}`, 'utf8'));
    expect(cdms).toHaveLength(27);
    const mutate = (text: string) => {
      const lines = text.split('\n');
      const n = 1 + Math.floor(random() * 4);
      for (let k = 0; k < n; k += 1) {
        const i = Math.floor(random() * lines.length);
        const what = random();
        if (what < 0.3) lines.splice(i, 1);
        else if (what < 0.5) lines.splice(i, 0, lines[i] ?? '');
        else if (what < 0.9) lines[i] = (lines[i] ?? '').replace(/=.*$/, `= ${pick(ODD_VALUES)}`);
        else lines[i] = (lines[i] ?? '').slice(0, Math.floor(random() * 20));
      }
      // The header keys go into a unique index: odd values there, more often than one line in 80 would.
      if (random() < 0.2) {
        const key = pick(['MESSAGE_ID', 'ORIGINATOR']);
        const i = lines.findIndex((line) => line.trimStart().startsWith(key));
        if (i >= 0) lines[i] = `${key} = ${pick(ODD_VALUES)}`;
      }
      return lines.join(random() < 0.2 ? '\r\n' : '\n');
    };
    const bodies = () => {
      const r = random();
      if (r < 0.5) return mutate(pick(cdms));
      if (r < 0.6) return pick(cdms) + pick(cdms).slice(0, Math.floor(random() * 3000));
      if (r < 0.7) return JSON.stringify([{ CDM_ID: pick(ODD_VALUES), TCA: pick(ODD_VALUES), SAT_1_ID: pick(ODD_VALUES), SAT_2_ID: pick(ODD_VALUES), PC: pick(ODD_VALUES), MIN_RNG: pick(ODD_VALUES), CREATED: pick(ODD_VALUES) }]);
      if (r < 0.8) return `<ndm><cdm id="CCSDS_CDM_VERS" version="1.0"><header>${pick(ODD_VALUES)}</header></cdm></ndm>`;
      if (r < 0.9) return Array.from({ length: 1 + Math.floor(random() * 200) }, () => String.fromCharCode(Math.floor(random() * 0x2fff))).join('');
      return pick(ODD_VALUES);
    };
    const requests: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string }[] = [];
    for (let i = 0; i < 900; i += 1) {
      const kind = random();
      if (kind < 0.3) {
        const query = Array.from({ length: Math.floor(random() * 5) }, () => `${pick(PARAMS)}=${enc(pick(ODD_VALUES))}`).join('&');
        requests.push({ method: 'GET', url: `/api/conjunctions?${query}` });
      } else if (kind < 0.4) {
        requests.push({ method: 'GET', url: `/api/conjunctions/${enc(pick(ODD_VALUES))}` });
      } else if (kind < 0.45) {
        requests.push({ method: 'GET', url: `/api/cdm/messages/${enc(pick(ODD_VALUES))}` });
      } else if (kind < 0.47) {
        requests.push({ method: 'GET', url: `/api/proximities?${pick(PARAMS)}=${enc(pick(ODD_VALUES))}` });
      } else {
        requests.push({ method: 'POST', url: `/api/cdm/import?name=${enc(pick(ODD_VALUES))}`, headers: { 'content-type': pick(TYPES) }, payload: bodies() });
      }
    }
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const r of requests) {
      const res = await server.app.inject(r);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) failures.push(`${r.method} ${r.url} (${r.headers?.['content-type'] ?? ''}) ${JSON.stringify(r.payload?.slice(0, 200))} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    console.log(`[fuzz] ${requests.length} requests: ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(', ')}`);
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('fuzzing PATCH /api/conjunctions/{id} and the alert filters (issue 29)', () => {
  it('never answers 5xx, and every refusal is a 4xx', async () => {
    const random = rng(20261207);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    await server.ctx.services.accounts.addUser({ username: 'fuzz-op', password: 'fuzz-password-1', role: 'operator' }, new Date());
    // A real CARA event, imported a day before its TCA, so that every transition is in play.
    const file = readdirSync(CARA_CDM_DIR).sort()[0]!;
    const text = readFileSync(`${CARA_CDM_DIR}${file}`, 'utf8');
    const imported = await server.ctx.services.cdmImport.importFile(text, file, new Date(Date.parse(/^TCA\s*=\s*(\S+)/m.exec(text)![1]! + 'Z') - 86_400_000));
    const id = imported.imported[0]?.conjunctionId ?? 'CNJ-2021-001';
    const STATUSES = ['new', 'acknowledged', 'assessing', 'mitigating', 'risk_accepted', 'false_alarm', 'closed'];
    const value = () => (random() < 0.5 ? pick(STATUSES) : random() < 0.5 ? pick(ODD_VALUES) : pick([null, 42, true, [], {}, 'fuzz-op', 'nobody']));
    const body = () => {
      const r = random();
      if (r < 0.1) return pick(ODD_VALUES);
      const b: Record<string, unknown> = {};
      if (random() < 0.6) b.status = value();
      if (random() < 0.4) b.comment = random() < 0.7 ? pick(ODD_VALUES) : value();
      if (random() < 0.4) b.assignee = random() < 0.5 ? pick(['fuzz-op', null, 'nobody']) : value();
      if (random() < 0.1) b[pick(['extra', 'decision', '__proto__'])] = value();
      return JSON.stringify(b);
    };
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i += 1) {
      const r = random();
      const request =
        r < 0.7
          ? { method: 'PATCH' as const, url: `/api/conjunctions/${random() < 0.8 ? id : enc(pick(ODD_VALUES))}`, headers: { 'content-type': random() < 0.9 ? 'application/json' : pick(TYPES) }, payload: body() }
          : { method: 'GET' as const, url: `/api/conjunctions?${pick(['alertStatus', 'assignee', 'sort'])}=${enc(random() < 0.5 ? pick([...STATUSES, 'alertStatus', '-alertStatus', 'assignee', '-assignee', '-', 'new,closed']) : pick(ODD_VALUES))}&status=all` };
      const res = await server.app.inject(request);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500 || res.statusCode < 200) failures.push(`${request.method} ${request.url} ${'payload' in request ? String(request.payload).slice(0, 200) : ''} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    console.log(`[fuzz] 400 alert requests: ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(', ')}`);
    expect(failures).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(409)).toBeGreaterThan(0);
  }, 300_000);
});
