/**
 * The conjunctions of a catalogue-wide run as the Analytics table and its CSV export read them
 * (issue 13 item 4, issue 14 "CSV export of every list"): pages and export chunks in each sort's
 * order with ties broken by the run's own order, every filter, and the export's text.
 *
 * The order asserted is the table's documented one (contracts/catalog-screenings.ts
 * CatalogConjunctionQuery.sort: Pc and maximum Pc highest first, miss distance smallest first,
 * TCA earliest first; ties by the smaller miss distance for the Pc sorts, then by the run's
 * order), computed here in JavaScript from the rows, not from the repository.
 */
import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { screeningJobs, spaceObjects } from '../../src/server/db/schema.ts';
import { CatalogScreeningRepository, type CatalogConjunctionListed, type CatalogConjunctionRow, type CatalogConjunctionSelection } from '../../src/server/repositories/catalog-screening-repository.ts';
import { CATALOG_CSV_COLUMNS, catalogCsvHeader, catalogCsvLines } from '../../src/server/services/catalog-screening/conjunction-csv.ts';
import { databaseTargets, type TestStore } from './support/databases.ts';

const JOB = '0c0ffee0-0000-4000-8000-000000000001';
const T0 = Date.parse('2026-11-20T00:00:00Z');
const TYPES = ['payload', 'rocket_body', 'debris', 'unknown'] as const;
const OWNERS = ['US', 'PRC', 'CIS', null] as const;
const OBJECTS = 60;

/** 3,000 rows with many ties: 7 Pc values (zero among them), 11 miss distances, 5 TCAs. */
function rowsOfRun(): CatalogConjunctionRow[] {
  const pcs = [0, 1e-3, 2.5e-5, 1e-7, 0, 3e-4, 1e-7];
  return Array.from({ length: 3_000 }, (_, i) => {
    const a = (i * 7) % OBJECTS;
    const b = (a + 1 + ((i * 13) % (OBJECTS - 1))) % OBJECTS;
    const [lo, hi] = a < b ? [a, b] : [b, a];
    const pc = pcs[i % pcs.length]!;
    return {
      primaryNorad: 40_000 + lo,
      secondaryNorad: 40_000 + hi,
      primaryName: `SAT ${lo}`,
      secondaryName: hi % 5 === 0 ? `=CMD|calc ${hi}` : `DEB_${hi}%`,
      tca: new Date(T0 + (i % 5) * 3_600_000),
      missDistanceKm: (i % 11) * 0.37,
      relativeSpeedKmS: 7 + (i % 3),
      collisionProbability: pc,
      maxCollisionProbability: pc === 0 ? 1e-6 * (i % 4) : Math.min(1, pc * 4),
      riskLevel: pc >= 1e-4 ? 'high' : pc >= 1e-5 ? 'medium' : 'low',
      pcMethod: 'pc2d',
      regime: 'LEO',
    };
  });
}

const typeOf = (norad: number) => TYPES[(norad - 40_000) % TYPES.length]!;
const ownerOf = (norad: number) => OWNERS[(norad - 40_000) % OWNERS.length]!;

/** The rows a selection keeps, in the table's documented order. */
function expected(rows: readonly CatalogConjunctionRow[], f: CatalogConjunctionSelection): CatalogConjunctionListed[] {
  const listed = rows.map((r, seq) => ({ seq, ...r, primaryType: typeOf(r.primaryNorad), primaryOwner: ownerOf(r.primaryNorad), secondaryType: typeOf(r.secondaryNorad), secondaryOwner: ownerOf(r.secondaryNorad) }));
  const kept = listed.filter(
    (r) =>
      (!f.risk || r.riskLevel === f.risk) &&
      (!f.type || r.primaryType === f.type || r.secondaryType === f.type) &&
      (!f.owner || r.primaryOwner === f.owner.toUpperCase() || r.secondaryOwner === f.owner.toUpperCase()) &&
      (!f.q || [r.primaryName, r.secondaryName, String(r.primaryNorad), String(r.secondaryNorad)].some((t) => t.toLowerCase().includes(f.q!.toLowerCase()))),
  );
  const by = (...keys: ((r: (typeof listed)[number]) => number)[]) => (a: (typeof listed)[number], b: (typeof listed)[number]) => {
    for (const k of keys) if (k(a) !== k(b)) return k(a) - k(b);
    return a.seq - b.seq;
  };
  const order = {
    pc: by((r) => -r.collisionProbability, (r) => r.missDistanceKm),
    maxpc: by((r) => -r.maxCollisionProbability, (r) => r.missDistanceKm),
    miss: by((r) => r.missDistanceKm),
    tca: by((r) => r.tca.getTime()),
  }[f.sort];
  return kept.sort(order).map(({ seq: _seq, ...r }) => r);
}

const SELECTIONS: CatalogConjunctionSelection[] = [
  { sort: 'pc' },
  { sort: 'maxpc' },
  { sort: 'miss' },
  { sort: 'tca' },
  { sort: 'pc', risk: 'high' },
  { sort: 'tca', type: 'debris' },
  { sort: 'miss', owner: 'prc' },
  { sort: 'maxpc', type: 'payload', owner: 'US', risk: 'low' },
  { sort: 'pc', q: 'deb_1' },
  { sort: 'tca', q: '4001' },
  { sort: 'pc', q: '%' },
  { sort: 'tca', q: 'no such object' },
];

describe.each(databaseTargets)('CatalogScreeningRepository on $name', (target) => {
  let store: TestStore | undefined;
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    await store?.destroy();
    store = undefined;
    database = undefined;
  });

  const stored = async () => {
    store = await target.createStore();
    database = await store.open();
    const { db } = database;
    await db.insert(spaceObjects).values(
      Array.from({ length: OBJECTS }, (_, i) => ({ noradId: 40_000 + i, name: `SAT ${i}`, objectType: typeOf(40_000 + i), owner: ownerOf(40_000 + i), source: 'test', updatedAt: new Date(T0) })),
    );
    await db.insert(screeningJobs).values({ id: JOB, kind: 'catalog', status: 'completed', catalogVersion: 'test', spec: {}, shardCount: 1 });
    const rows = rowsOfRun();
    const repo = new CatalogScreeningRepository(db);
    await repo.store(JOB, rows);
    return { repo, rows };
  };

  it('pages through every sort and filter in the documented order, with the number matching', async () => {
    const { repo, rows } = await stored();
    for (const selection of SELECTIONS) {
      const want = expected(rows, selection);
      expect(await repo.count(JOB, selection), JSON.stringify(selection)).toBe(want.length);
      for (const offset of [0, 37, 500, want.length - 3]) {
        if (offset < 0) continue;
        expect(await repo.rowsPage(JOB, selection, 50, offset), `${JSON.stringify(selection)} at ${offset}`).toEqual(want.slice(offset, offset + 50));
      }
    }
    // A run that is not there has nothing.
    expect(await repo.count('no-such-run', { sort: 'pc' })).toBe(0);
  });

  it('exports in chunks that join up exactly, in the same order, with turns of the event loop between them', async () => {
    const { repo, rows } = await stored();
    for (const selection of SELECTIONS) {
      const want = expected(rows, selection);
      for (const max of [100_000, 1_234]) {
        let turns = 0;
        const counter = setInterval(() => (turns += 1), 0);
        const chunks: CatalogConjunctionListed[][] = [];
        try {
          for await (const chunk of repo.chunks(JOB, selection, max)) chunks.push(chunk);
        } finally {
          clearInterval(counter);
        }
        expect(chunks.flat(), `${JSON.stringify(selection)} up to ${max}`).toEqual(want.slice(0, max));
        expect(chunks.every((c) => c.length > 0)).toBe(true);
        // Several chunks for a large export (not a name search: that is one query), and the timers ran between them.
        if (!selection.q && want.length > 1_000) {
          expect(chunks.length).toBeGreaterThan(1);
          expect(turns).toBeGreaterThan(0);
        }
      }
    }
  });

  it('writes the export as one CSV file: header, then the chunks, CRLF between lines, formulae defused', async () => {
    const { repo, rows } = await stored();
    const view = (c: CatalogConjunctionListed) => ({
      primary: { noradId: c.primaryNorad, name: c.primaryName, objectType: c.primaryType ?? 'unknown', owner: c.primaryOwner },
      secondary: { noradId: c.secondaryNorad, name: c.secondaryName, objectType: c.secondaryType ?? 'unknown', owner: c.secondaryOwner },
      tca: c.tca.toISOString(),
      missDistanceKm: c.missDistanceKm,
      relativeSpeedKmS: c.relativeSpeedKmS,
      collisionProbability: c.collisionProbability,
      maxCollisionProbability: c.maxCollisionProbability,
      riskLevel: c.riskLevel as 'low',
      pcMethod: c.pcMethod as 'pc2d',
      regime: c.regime,
    });
    const parts = [catalogCsvHeader()];
    for await (const chunk of repo.chunks(JOB, { sort: 'tca' }, 100_000)) parts.push(catalogCsvLines(chunk.map(view)));
    const csv = parts.join('\r\n');
    const want = expected(rows, { sort: 'tca' });
    const parsed = Papa.parse<string[]>(csv, { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...CATALOG_CSV_COLUMNS]);
    expect(parsed.data).toHaveLength(want.length + 1);
    expect(csv.endsWith('\r\n')).toBe(false);
    want.forEach((r, i) => {
      const line = parsed.data[i + 1]!;
      // A name a spreadsheet would run as a formula is written with a leading apostrophe (OWASP CSV injection).
      const secondary = r.secondaryName.startsWith('=') ? `'${r.secondaryName}` : r.secondaryName;
      expect(line).toEqual([
        r.primaryName,
        String(r.primaryNorad),
        r.primaryType,
        r.primaryOwner ?? '',
        secondary,
        String(r.secondaryNorad),
        r.secondaryType,
        r.secondaryOwner ?? '',
        r.tca.toISOString(),
        String(r.missDistanceKm),
        String(r.relativeSpeedKmS),
        String(r.collisionProbability),
        r.pcMethod,
        String(r.maxCollisionProbability),
        r.riskLevel,
        r.regime,
      ]);
    });
  });
});
