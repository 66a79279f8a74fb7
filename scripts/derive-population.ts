/**
 * Derives the demo catalogue's population statistics from the real catalogues in
 * ../shared/reference/catalog and writes src/core/catalog/population.data.ts.
 *
 *   npx tsx scripts/derive-population.ts
 *
 * What is kept is statistics, not the catalogue: objects are grouped into bins of
 * (kind, perigee altitude, apogee altitude, inclination) and only each bin's count,
 * median B* and most common name family survive. Sources:
 * - active payloads: CelesTrak GP group "active", OMM CSV, epochs 2026-06/07 (15,985);
 * - inactive payloads, rocket bodies, debris, unknown: the full public catalogue
 *   as of 2023-10-09 (26,140 objects, 3LE), payloads that are not in the 2026 active
 *   set counted as inactive; object type from the name as the catalogue README does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseElementSets, type ElementSet } from '../src/core/elements/index.ts';
import { orbitSummary } from '../src/core/orbit/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ref = `${root}../shared/reference/catalog/`;
const out = `${root}src/core/catalog/population.data.ts`;

const KINDS = ['active_payload', 'inactive_payload', 'rocket_body', 'debris', 'unknown'] as const;
type Kind = (typeof KINDS)[number];

// Names that belong to the fleet or the adversary list, which the generator places itself.
const RESERVED = /\b(AMOS|OFEQ|OFEK|EROS|TECSAR|DUCHIFAT|VENUS|DROR|TECHSAT|GURWIN|TAUSAT|SHAVIT|NOUR|KHAYYAM|SORAYA|PARS|CHAMRAN|KOWSAR|SINAH|LUCH|OLYMP)\b/;

function kindOf2023(name: string, activeIds: Set<number>, norad: number): Kind {
  if (/\bDEB\b|COOLANT|SHROUD/.test(name)) return 'debris';
  if (/R\/B|\bAKM\b|\bPKM\b/.test(name)) return 'rocket_body';
  if (/^TBA\b|^OBJECT\b/.test(name)) return 'unknown';
  return activeIds.has(norad) ? 'active_payload' : 'inactive_payload';
}

/**
 * A payload's name family: the name up to its first number, with the separator
 * ("STARLINK-1007" → "STARLINK-", "COSMOS 2542" → "COSMOS ", "YAOGAN-35 02B" → "YAOGAN-").
 * Debris, rocket bodies and unknowns keep their whole name ("COSMOS 1408 DEB", "SL-16 R/B").
 */
function familyOf(kind: Kind, rawName: string): string {
  const name = rawName.replace(/\s*\[.*\]$/, '').replace(/\s*\(.*\)/g, '').replace(/\s+/g, ' ').trim();
  const payload = kind === 'active_payload' || kind === 'inactive_payload';
  if (/^\d{4}-\d{3}/.test(name) || name === '') return payload ? 'OBJECT ' : 'OBJECT';
  if (!payload) return name;
  const m = /^(.*?[A-Z])([ -]?)\d/.exec(name);
  return m ? `${m[1]}${m[2] || ' '}` : `${name} `;
}

const altStep = (alt: number) => (alt < 2000 ? 25 : alt < 30000 ? 500 : 50);
const bin = (alt: number) => Math.floor(alt / altStep(alt)) * altStep(alt);

interface Bin {
  kind: number;
  perigee: number;
  apogee: number;
  incl: number;
  count: number;
  bstars: number[];
  families: Map<string, number>;
}
const bins = new Map<string, Bin>();

function add(kind: Kind, set: ElementSet, name: string): void {
  const o = orbitSummary(set);
  if (!(o.perigeeAltitude > 80) || set.eccentricity >= 0.99) return;
  const key = [kind, bin(o.perigeeAltitude), bin(o.apogeeAltitude), Math.floor(o.inclination)].join('|');
  let b = bins.get(key);
  if (!b) {
    b = { kind: KINDS.indexOf(kind), perigee: bin(o.perigeeAltitude), apogee: bin(o.apogeeAltitude), incl: Math.floor(o.inclination), count: 0, bstars: [], families: new Map() };
    bins.set(key, b);
  }
  b.count += 1;
  b.bstars.push(set.bstar);
  if (!RESERVED.test(name)) {
    const family = familyOf(kind, name);
    b.families.set(family, (b.families.get(family) ?? 0) + 1);
  }
}

const active = parseElementSets(readFileSync(`${ref}celestrak_active_gp_2026-07.csv`, 'utf8'));
const activeIds = new Set(active.sets.map((s) => s.norad));
for (const s of active.sets) add('active_payload', s, s.name ?? '');
const full = parseElementSets(readFileSync(`${ref}full_catalog_3le_2023-10-09.txt`, 'utf8'));
const counts: Record<string, number> = {};
for (const s of full.sets) {
  const kind = kindOf2023(s.name ?? '', activeIds, s.norad);
  counts[kind] = (counts[kind] ?? 0) + 1;
  if (kind !== 'active_payload') add(kind, s, s.name ?? '');
}

// Families: keep the most common one per bin; number them.
const familyIndex = new Map<string, number>();
const families: string[] = [];
const rows: string[] = [];
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
for (const b of [...bins.values()].sort((x, y) => x.kind - y.kind || x.perigee - y.perigee || x.apogee - y.apogee || x.incl - y.incl)) {
  const top = [...b.families.entries()].sort((x, y) => y[1] - x[1])[0]?.[0] ?? (b.kind >= 2 ? 'OBJECT' : 'SATELLITE ');
  if (!familyIndex.has(top)) {
    familyIndex.set(top, families.length);
    families.push(top);
  }
  rows.push(`[${b.kind},${b.perigee},${b.apogee},${b.incl},${b.count},${Number(median(b.bstars).toPrecision(3))},${familyIndex.get(top)}]`);
}

// Orbits of the named real objects (fleet and adversaries) that have public element
// sets in the reference files, newest file first: the demo places them on these orbits.
const NAMED = [25397, 32794, 39237, 44479, 40021, 29079, 54880, 42901, 64784, 44797, 44835, 53323, 59773, 40258, 55841, 51511, 57962, 53370, 58817, 59065, 61072];
const byNorad = new Map<number, ElementSet>();
for (const s of [...full.sets, ...active.sets]) byNorad.set(s.norad, s);
const named = NAMED.flatMap((norad) => {
  const s = byNorad.get(norad);
  if (!s) {
    console.warn(`named object ${norad} is in neither reference file`);
    return [];
  }
  return [`  ${norad}: { name: ${JSON.stringify(s.name)}, cosparId: ${JSON.stringify(s.cosparId ?? null)}, meanMotion: ${s.meanMotion}, eccentricity: ${s.eccentricity}, inclination: ${s.inclination}, bstar: ${s.bstar}, epoch: '${new Date(s.epoch).toISOString()}' }`];
});

const text = `// GENERATED by scripts/derive-population.ts from ../shared/reference/catalog — do not edit.
// Statistics of the real catalogue (see that script for the method); no object of it is stored here.
// Inputs: celestrak_active_gp_2026-07.csv (${active.sets.length} active payloads) and
// full_catalog_3le_2023-10-09.txt (${full.sets.length} objects: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}).

/** Population kinds, indexed by POPULATION_BINS[i][0]. */
export const POPULATION_KINDS = ${JSON.stringify(KINDS)} as const;

/** Name families (payload prefixes with their separator; whole names for debris, rocket bodies and unknowns). */
export const POPULATION_FAMILIES: readonly string[] = ${JSON.stringify(families)};

/**
 * [kind, perigee bin km, apogee bin km, inclination bin deg, count, median B* (1/ER), family index].
 * Altitude bins are 25 km below 2,000 km, 500 km up to 30,000 km and 50 km above; inclination bins 1°.
 */
export const POPULATION_BINS: readonly (readonly [number, number, number, number, number, number, number])[] = [
${rows.join(',\n')}
];

/** Public mean elements of the named real objects (newest reference set), keyed by NORAD id. */
export const REFERENCE_ORBITS: Readonly<Record<number, { name: string | undefined; cosparId: string | null; meanMotion: number; eccentricity: number; inclination: number; bstar: number; epoch: string }>> = {
${named.join(',\n')}
};
`;
writeFileSync(out, text);
console.log(`wrote ${out}: ${rows.length} bins, ${families.length} families; counts`, counts, 'active', active.sets.length, 'rejected', active.rejected.length, full.rejected.length);
