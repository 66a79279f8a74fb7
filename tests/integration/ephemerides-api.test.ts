/**
 * Operators' own ephemerides over HTTP (issue 28, item 3): a real OEM of a fleet object (SGP4 of
 * the demo catalogue's TECHSAT 1B, 1998-043D, every 60 s over two days in EME2000, with RTN
 * covariance blocks) uploads as KVN and as XML and is stored as received, with the span it covers;
 * the same file again adds nothing; files the screening cannot use (a frame it does not know, epochs
 * out of order, a truncated file, XML with an element that has no place) are 400s naming the line,
 * and store nothing; objects outside the fleet or the catalogue are 422s; the list, the metadata and
 * the file download; `coveringEphemeris` picks the newest file whose segments hold a window whole.
 * Writes need the operator role (access layer), and leave an audit row.
 */
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Ephemeris, EphemerisImportResponse, EphemerisListResponse } from '../../src/contracts/ephemerides.ts';
import { ADVERSARIES, FLEET } from '../../src/core/catalog/index.ts';
import { sampleEphemeris, writeOem, type EphemerisState } from '../../src/core/ephemeris/index.ts';
import { formatUtc } from '../../src/core/time/index.ts';
import { utcMs, type UtcMs } from '../../src/core/units.ts';
import { ephemerides } from '../../src/server/db/schema.ts';
import { seedDemoCatalog, useTestApp } from './support/app.ts';
import { rng } from './support/random.ts';

const server = useTestApp({ name: 'ephemerides', env: { DEMO_CATALOG: 'off', SCREENING: 'off' }, prepare: (ctx) => seedDemoCatalog(ctx, 20) });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The whole minute after now: the demo's element sets are within a day before it. */
const T0 = utcMs(Math.ceil(Date.now() / 60_000) * 60_000);

const fleetObject = (name: string) => FLEET.find((f) => f.name === name)!;
const TECHSAT = fleetObject('TECHSAT 1B');
const EROS = fleetObject('EROS B');

/** SGP4 states of a demo catalogue object, every 60 s from `from` to `to` (ms after T0), EME2000. */
function states(norad: number, from: number, to: number): EphemerisState[] {
  const entry = server.ctx.services.catalog.entry(norad);
  if (!entry) throw new Error(`no catalogue entry ${norad}`);
  const e = sampleEphemeris(entry.set, utcMs(T0 + from), utcMs(T0 + to), 60, 'EME2000');
  if (e.stoppedAt) throw new Error(`SGP4 stopped: ${e.stoppedAt.reason}`);
  return e.states;
}

/** A KVN covariance block (§5.2.5): RTN matrices at `epochs`, σ 100 m, 500 m, 100 m and 0.1, 0.5, 0.1 m/s. */
function covarianceBlock(epochs: readonly number[]): string {
  const diagonal = [1e-2, 0.25, 1e-2, 1e-8, 2.5e-7, 1e-8];
  const rows = (d: readonly number[]) => d.map((v, i) => [...Array.from({ length: i }, () => '0'), v.toExponential(3)].join(' '));
  return ['COVARIANCE_START', ...epochs.flatMap((t) => [`EPOCH = ${formatUtc(utcMs(t), 6)}`, 'COV_REF_FRAME = RTN', ...rows(diagonal)]), 'COVARIANCE_STOP', ''].join('\n');
}

interface SegmentSpec {
  readonly objectName?: string;
  readonly objectId?: string;
  readonly states: readonly EphemerisState[];
  /** Covariance epochs, ms after T0. */
  readonly covariances?: readonly number[];
}

/** A KVN OEM of the segments (writeOem, LAGRANGE degree 7), each followed by its covariance block. */
function kvn(segments: readonly SegmentSpec[], creation: UtcMs = utcMs(T0 - HOUR), object = TECHSAT): string {
  return segments
    .map((s, k) => {
      const text = writeOem([{ objectName: s.objectName ?? object.name, objectId: s.objectId ?? object.cosparId, refFrame: 'EME2000', states: s.states, interpolation: { method: 'LAGRANGE', degree: 7 } }], {
        creationDate: creation,
        originator: 'ISA OPS',
      });
      // Later segments: only the segment, without the header.
      const body = k === 0 ? text : text.slice(text.indexOf('\nMETA_START') + 1);
      return `${body}${s.covariances ? covarianceBlock(s.covariances.map((t) => T0 + t)) : ''}`;
    })
    .join('');
}

/** The same message in XML (CCSDS 505.0 ndmxml): one state vector a line, so each has its own line number. */
function xml(s: SegmentSpec, object = TECHSAT): string {
  const first = s.states[0]!.epoch;
  const last = s.states.at(-1)!.epoch;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<oem id="CCSDS_OEM_VERS" version="3.0">',
    `  <header><CREATION_DATE>${formatUtc(utcMs(T0 - HOUR), 3)}</CREATION_DATE><ORIGINATOR>ISA OPS</ORIGINATOR></header>`,
    '  <body><segment>',
    '    <metadata>',
    `      <OBJECT_NAME>${s.objectName ?? object.name}</OBJECT_NAME>`,
    `      <OBJECT_ID>${s.objectId ?? object.cosparId}</OBJECT_ID>`,
    '      <CENTER_NAME>EARTH</CENTER_NAME>',
    '      <REF_FRAME>EME2000</REF_FRAME>',
    '      <TIME_SYSTEM>UTC</TIME_SYSTEM>',
    `      <START_TIME>${formatUtc(first, 6)}</START_TIME>`,
    `      <STOP_TIME>${formatUtc(last, 6)}</STOP_TIME>`,
    '    </metadata>',
    '    <data>',
    ...s.states.map(
      (x) =>
        `      <stateVector><EPOCH>${formatUtc(x.epoch, 6)}</EPOCH><X>${x.r[0].toFixed(6)}</X><Y>${x.r[1].toFixed(6)}</Y><Z>${x.r[2].toFixed(6)}</Z><X_DOT>${x.v[0].toFixed(9)}</X_DOT><Y_DOT>${x.v[1].toFixed(9)}</Y_DOT><Z_DOT>${x.v[2].toFixed(9)}</Z_DOT></stateVector>`,
    ),
    '    </data>',
    '  </segment></body>',
    '</oem>',
    '',
  ].join('\n');
}

/** The 1-based number of the first line of `text` that starts with `prefix` (after blanks). */
function lineOf(text: string, prefix: string, from = 1): number {
  const lines = text.split('\n');
  for (let i = from - 1; i < lines.length; i += 1) if (lines[i]!.trimStart().startsWith(prefix)) return i + 1;
  throw new Error(`no line starting with ${prefix}`);
}

const post = (payload: string | Buffer, name = 'techsat.oem', type = 'text/plain') =>
  server.app.inject({ method: 'POST', url: `/api/ephemerides?name=${encodeURIComponent(name)}`, headers: { 'content-type': type }, payload });
const rows = async () => Number((await server.ctx.database.db.select({ n: count() }).from(ephemerides))[0]!.n);

describe('POST /api/ephemerides with a real OEM of a fleet object', () => {
  // Two days every 60 s (2,881 states) with a covariance every 6 hours (9 matrices).
  const twoDays = () => kvn([{ states: states(TECHSAT.norad, 0, 2 * DAY), covariances: Array.from({ length: 9 }, (_, k) => k * 6 * HOUR) }]);
  let stored: Ephemeris;
  let text: string;

  it('stores the file as received, with the object, the span and the counts it read', async () => {
    text = twoDays();
    const before = await rows();
    const res = await post(text);
    expect(res.statusCode, res.body).toBe(201);
    const body = EphemerisImportResponse.parse(res.json());
    expect(body.duplicate).toBe(false);
    stored = body.ephemeris;
    expect(stored).toMatchObject({
      noradId: TECHSAT.norad,
      objectId: '1998-043D',
      objectName: 'TECHSAT 1B',
      originator: 'ISA OPS',
      creationDate: new Date(T0 - HOUR).toISOString(),
      importedBy: 'SDA Operations Center',
      fileName: 'techsat.oem',
      format: 'KVN',
      refFrame: 'EME2000',
      usableStart: new Date(T0).toISOString(),
      usableStop: new Date(T0 + 2 * DAY).toISOString(),
      states: 2881,
      covariances: 9,
      fileUrl: `/api/ephemerides/${stored.id}/file`,
    });
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await rows()).toBe(before + 1);
    const file = await server.app.inject({ url: stored.fileUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="techsat.oem"');
    expect(file.body).toBe(text);
  });

  it('adds nothing for the same file again (200, duplicate, the stored one)', async () => {
    const before = await rows();
    const res = await post(text, 'again.oem');
    expect(res.statusCode, res.body).toBe(200);
    const body = EphemerisImportResponse.parse(res.json());
    expect(body.duplicate).toBe(true);
    expect(body.ephemeris).toEqual(stored);
    expect(await rows()).toBe(before);
  });

  it('leaves an audit row of the upload', async () => {
    let found = false;
    for (let attempt = 0; attempt < 50 && !found; attempt += 1) {
      const { entries } = await server.ctx.repositories.audit.list({ limit: 20, offset: 0 });
      found = entries.some((e) => e.action === '/api/ephemerides' && e.method === 'POST' && e.status === 201);
      if (!found) await new Promise((r) => setTimeout(r, 20));
    }
    expect(found).toBe(true);
  });

  it('takes the XML form of an OEM and the TLE form of the designator, and the USEABLE span over START … STOP', async () => {
    const xmlText = xml({ states: states(TECHSAT.norad, 0, 6 * HOUR), objectId: '98043D' });
    const res = await post(xmlText, 'techsat.xml', 'application/xml');
    expect(res.statusCode, res.body).toBe(201);
    expect(EphemerisImportResponse.parse(res.json()).ephemeris).toMatchObject({ noradId: TECHSAT.norad, objectId: '98043D', format: 'XML', states: 361, covariances: 0, usableStop: new Date(T0 + 6 * HOUR).toISOString() });
    const id = (res.json() as EphemerisImportResponse).ephemeris.id;
    expect((await server.app.inject({ url: `/api/ephemerides/${id}/file` })).body).toBe(xmlText);

    const useable = kvn([{ states: states(TECHSAT.norad, 0, 6 * HOUR) }]).replace(/^(STOP_TIME = .*)$/m, `$1\nUSEABLE_START_TIME = ${formatUtc(utcMs(T0 + HOUR), 6)}\nUSEABLE_STOP_TIME = ${formatUtc(utcMs(T0 + 5 * HOUR + 0.5), 6)}`);
    const r = await post(useable);
    expect(r.statusCode, r.body).toBe(201);
    // The stored span lies inside the declared one: 5 h + 0.5 ms ends at 5 h whole.
    expect(EphemerisImportResponse.parse(r.json()).ephemeris).toMatchObject({ usableStart: new Date(T0 + HOUR).toISOString(), usableStop: new Date(T0 + 5 * HOUR).toISOString() });
  });

  it('stores the union span of several segments of one object, one named by its NORAD number', async () => {
    const text = kvn([
      { states: states(TECHSAT.norad, 3 * DAY, 3 * DAY + 2 * HOUR) },
      { states: states(TECHSAT.norad, 3 * DAY + 3 * HOUR, 3 * DAY + 4 * HOUR), objectId: String(TECHSAT.norad), covariances: [3 * DAY + 3 * HOUR] },
    ]);
    const res = await post(text);
    expect(res.statusCode, res.body).toBe(201);
    expect(EphemerisImportResponse.parse(res.json()).ephemeris).toMatchObject({ usableStart: new Date(T0 + 3 * DAY).toISOString(), usableStop: new Date(T0 + 3 * DAY + 4 * HOUR).toISOString(), states: 121 + 61, covariances: 1 });
  });
});

describe('files that cannot be used: 400 naming the line, nothing stored', () => {
  const base = () => kvn([{ states: states(TECHSAT.norad, 0, 2 * HOUR), covariances: [HOUR] }]);

  const cases: [string, () => { text: string; type?: string; line: number | null; message: string | RegExp }][] = [
    [
      'a frame it does not know',
      () => {
        const text = base().replace('REF_FRAME = EME2000', 'REF_FRAME = ITRF');
        return { text, line: lineOf(text, 'REF_FRAME'), message: 'REF_FRAME ITRF is not supported: use one of TEME, EME2000, GCRF' };
      },
    ],
    [
      'another centre',
      () => {
        const text = base().replace('CENTER_NAME = EARTH', 'CENTER_NAME = MOON');
        return { text, line: lineOf(text, 'CENTER_NAME'), message: 'CENTER_NAME MOON is not supported' };
      },
    ],
    [
      'another time system',
      () => {
        const text = base().replace('TIME_SYSTEM = UTC', 'TIME_SYSTEM = TAI');
        return { text, line: lineOf(text, 'TIME_SYSTEM'), message: 'TIME_SYSTEM TAI is not supported: epochs must be in UTC' };
      },
    ],
    [
      'epochs out of order',
      () => {
        const lines = base().split('\n');
        const first = lineOf(lines.join('\n'), 'META_STOP') + 11;
        [lines[first - 1], lines[first]] = [lines[first]!, lines[first - 1]!];
        return { text: lines.join('\n'), line: first + 1, message: `the epoch is earlier than the one on line ${first}: data lines must be in increasing time order` };
      },
    ],
    [
      'too few points for the interpolation degree',
      () => {
        const text = kvn([{ states: states(TECHSAT.norad, 0, 5 * 60_000) }]);
        return { text, line: lineOf(text, 'INTERPOLATION_DEGREE'), message: 'INTERPOLATION_DEGREE 7 needs at least 8 data lines, the segment has 6' };
      },
    ],
    [
      'a file cut inside its covariance block',
      () => {
        const full = base();
        const text = full.slice(0, full.indexOf('COV_REF_FRAME'));
        return { text, line: text.split('\n').length - 1, message: `COVARIANCE_STOP is missing: the covariance block opened on line ${lineOf(full, 'COVARIANCE_START')} is never closed` };
      },
    ],
    [
      'a file cut inside a data line',
      () => {
        const full = base();
        const cut = full.indexOf('\n', full.indexOf('META_STOP') + 2000);
        const text = full.slice(0, cut - 30);
        return { text, line: text.split('\n').length, message: /a data line has an epoch and 6 or 9 numbers, found [0-5]|is not a number/ };
      },
    ],
    [
      'XML with an element that has no place',
      () => {
        const good = xml({ states: states(TECHSAT.norad, 0, HOUR) });
        const line = lineOf(good, '<stateVector>') + 4;
        const lines = good.split('\n');
        lines[line - 1] = lines[line - 1]!.replace('</Z>', '</Z><W>1</W>');
        return { text: lines.join('\n'), type: 'application/xml', line, message: '<W> is not allowed in <stateVector>' };
      },
    ],
    [
      'XML that is not well-formed',
      () => {
        const good = xml({ states: states(TECHSAT.norad, 0, HOUR) });
        const text = good.slice(0, good.indexOf('</data>'));
        return { text, type: 'application/xml', line: null, message: /not well-formed XML: .* is never closed/ };
      },
    ],
    ['not an OEM at all', () => ({ text: 'CCSDS_CDM_VERS = 1.0\nCREATION_DATE = 2026-01-01T00:00:00\n', line: 1, message: 'CCSDS_CDM_VERS is not an OEM header keyword' })],
    ['an empty body', () => ({ text: '', line: 1, message: 'CCSDS_OEM_VERS is missing: not an OEM' })],
    [
      'a CREATION_DATE that is not a date',
      () => {
        const text = base().replace(/^CREATION_DATE = .*$/m, 'CREATION_DATE = yesterday');
        return { text, line: 2, message: "CREATION_DATE 'yesterday' is not a date-time" };
      },
    ],
  ];

  it.each(cases)('%s', async (_, make) => {
    const { text, type, line, message } = make();
    const before = await rows();
    const res = await post(text, 'bad.oem', type);
    expect(res.statusCode, res.body).toBe(400);
    const got = (res.json() as { message: string }).message;
    expect(got.startsWith('Not a usable OEM: ')).toBe(true);
    if (line !== null) expect(got).toContain(`line ${line}: `);
    else expect(got).toMatch(/line \d+: /);
    if (typeof message === 'string') expect(got).toContain(message);
    else expect(got).toMatch(message);
    expect(await rows()).toBe(before);
  });

  it('refuses NUL, binary bodies and other content types before reading, and bodies over the limit', async () => {
    const before = await rows();
    const nul = await post(`${base()}\u0000`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/line \d+ contains a NUL character/);
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    expect((await post(binary, 'x.bin', 'application/octet-stream')).statusCode).toBe(400);
    expect((await post(base(), 'x.json', 'application/json')).statusCode).toBe(400);
    expect((await post(base(), 'x.csv', 'text/csv')).statusCode).toBe(415);
    expect((await post('x'.repeat(33 * 1024 * 1024))).statusCode).toBe(413);
    // XML the reader would need gigabytes for is refused before it is read.
    const deep = await post('<a>'.repeat(5_000_000), 'deep.xml', 'application/xml');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe('Not a usable OEM: line 1: elements nested more than 32 deep: an OEM nests 7 deep');
    const wide = await post(`<oem>\n${'<COMMENT/>\n'.repeat(1_000_001)}</oem>`, 'wide.xml', 'application/xml');
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toMatch(/^Not a usable OEM: line 1000001: more than 1,000,000 XML elements/);
    const long = await post('\n'.repeat(30_000_000));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Not a usable OEM: line 2000001: more than 2,000,000 lines: send a shorter span or a longer step');
    // A NUL or a lone surrogate that only an XML character reference makes reaches no column.
    const referenced = xml({ states: states(TECHSAT.norad, 0, HOUR), objectName: 'TECHSAT&#0;1B&#xD800;' });
    const r = await post(referenced, 'ref.xml', 'application/xml');
    expect(r.statusCode, r.body).toBe(201);
    expect(EphemerisImportResponse.parse(r.json()).ephemeris.objectName).toBe('TECHSAT\\01B\uFFFD');
    expect(await rows()).toBe(before + 1);
  });
});

describe('objects outside the fleet: 422, nothing stored', () => {
  const adversary = ADVERSARIES[0]!;
  const cases: [string, () => string, RegExp][] = [
    ['an adversary by its designator', () => kvn([{ states: states(adversary.norad, 0, HOUR) }], utcMs(T0), { ...TECHSAT, name: adversary.name, cosparId: adversary.cosparId }), new RegExp(`OBJECT_ID ${adversary.cosparId} is ${adversary.name} \\(NORAD ${adversary.norad}\\), which is not a fleet object`)],
    ['an adversary by its NORAD number as OBJECT_NAME', () => kvn([{ states: states(adversary.norad, 0, HOUR), objectId: 'UNKNOWN', objectName: String(adversary.norad) }]), new RegExp(`OBJECT_NAME ${adversary.norad} \\(a NORAD catalogue number\\) is ${adversary.name}`)],
    ['an object the catalogue does not know', () => kvn([{ states: states(TECHSAT.norad, 0, HOUR), objectId: '2099-999Z', objectName: 'GHOST' }]), /OBJECT_ID '2099-999Z' \(OBJECT_NAME 'GHOST'\) matches no object of the catalogue/],
    ['a NORAD number the catalogue does not know', () => kvn([{ states: states(TECHSAT.norad, 0, HOUR), objectId: '987654321' }]), /OBJECT_ID 987654321 is not in the catalogue as a NORAD catalogue number/],
    [
      'segments of two fleet objects',
      () => kvn([{ states: states(TECHSAT.norad, 0, HOUR) }, { states: states(EROS.norad, 2 * HOUR, 3 * HOUR), objectId: EROS.cosparId, objectName: EROS.name }]),
      new RegExp(`segment 2 is of EROS B \\(NORAD ${EROS.norad}\\), segment 1 of TECHSAT 1B \\(NORAD ${TECHSAT.norad}\\): send one object's ephemeris per file`),
    ],
  ];

  it.each(cases)('%s', async (_, make, message) => {
    const text = make();
    const before = await rows();
    const res = await post(text);
    expect(res.statusCode, res.body).toBe(422);
    const got = (res.json() as { message: string }).message;
    expect(got).toMatch(/^Not a fleet object: line \d+: /);
    expect(got).toMatch(message);
    // The line named is the offending segment's OBJECT_ID.
    const line = Number(/line (\d+)/.exec(got)![1]);
    expect(text.split('\n')[line - 1]).toMatch(/^OBJECT_ID = /);
    expect(await rows()).toBe(before);
  });
});

describe('GET /api/ephemerides', () => {
  it('lists the stored ones newest first, of one object with ?norad, and each by id', async () => {
    const res = await server.app.inject({ url: '/api/ephemerides' });
    expect(res.statusCode).toBe(200);
    const all = EphemerisListResponse.parse(res.json()).ephemerides;
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < all.length; i += 1) expect(all[i - 1]!.importedAt >= all[i]!.importedAt).toBe(true);
    expect((res.json() as { ephemerides: object[] }).ephemerides.every((e) => !('text' in e))).toBe(true);

    const other = await post(kvn([{ states: states(EROS.norad, 0, HOUR) }], utcMs(T0), EROS));
    expect(other.statusCode, other.body).toBe(201);
    const eros = EphemerisListResponse.parse((await server.app.inject({ url: `/api/ephemerides?norad=${EROS.norad}` })).json()).ephemerides;
    expect(eros.map((e) => e.id)).toEqual([(other.json() as EphemerisImportResponse).ephemeris.id]);
    const newest = EphemerisListResponse.parse((await server.app.inject({ url: '/api/ephemerides?limit=1' })).json()).ephemerides;
    expect(newest.map((e) => e.id)).toEqual(eros.map((e) => e.id));

    const one = await server.app.inject({ url: `/api/ephemerides/${all[0]!.id}` });
    expect(Ephemeris.parse(one.json())).toEqual(all[0]);
  });

  it('answers 404 for an id not stored and 400 for one that is not an id', async () => {
    expect((await server.app.inject({ url: '/api/ephemerides/999999' })).statusCode).toBe(404);
    expect((await server.app.inject({ url: '/api/ephemerides/999999/file' })).statusCode).toBe(404);
    for (const url of ['/api/ephemerides/0', '/api/ephemerides/abc', '/api/ephemerides/99999999999', '/api/ephemerides?norad=-1', '/api/ephemerides?bogus=1', '/api/ephemerides?limit=100000']) {
      expect((await server.app.inject({ url })).statusCode, url).toBe(400);
    }
  });
});

describe('coveringEphemeris', () => {
  it('picks the newest file whose segments hold the window whole', async () => {
    const object = fleetObject('VENUS');
    const upload = async (text: string) => {
      const res = await post(text, 'venus.oem');
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as EphemerisImportResponse).ephemeris.id;
    };
    // A: two days, created first. B: 12 h … 36 h, created later. C: two segments with a gap (2 d … 2 d 6 h, 2 d 8 h … 3 d), created last.
    const a = await upload(kvn([{ states: states(object.norad, 0, 2 * DAY) }], utcMs(T0 - 3 * HOUR), object));
    const b = await upload(kvn([{ states: states(object.norad, 12 * HOUR, 36 * HOUR) }], utcMs(T0 - 2 * HOUR), object));
    const c = await upload(
      kvn([{ states: states(object.norad, 2 * DAY, 2 * DAY + 6 * HOUR) }, { states: states(object.norad, 2 * DAY + 8 * HOUR, 3 * DAY) }], utcMs(T0 - HOUR), object),
    );
    const service = server.ctx.services.ephemerides;
    const pick = async (from: number, to: number, norad = object.norad) => (await service.coveringEphemeris(norad, T0 + from, T0 + to))?.ephemeris.id;
    expect(await pick(13 * HOUR, 20 * HOUR)).toBe(b);
    expect(await pick(12 * HOUR, 36 * HOUR)).toBe(b);
    expect(await pick(HOUR, 5 * HOUR)).toBe(a);
    expect(await pick(30 * HOUR, 40 * HOUR)).toBe(a);
    expect(await pick(0, 2 * DAY)).toBe(a);
    expect(await pick(2 * DAY + HOUR, 2 * DAY + 5 * HOUR)).toBe(c);
    expect(await pick(2 * DAY + 9 * HOUR, 3 * DAY)).toBe(c);
    // Across C's gap, or across the end of A into C: no one file holds it.
    expect(await pick(2 * DAY + 5 * HOUR, 2 * DAY + 9 * HOUR)).toBeUndefined();
    expect(await pick(47 * HOUR, 49 * HOUR)).toBeUndefined();
    expect(await pick(-HOUR, HOUR)).toBeUndefined();
    // Another object's files are not this one's.
    expect(await pick(HOUR, 2 * HOUR, fleetObject('AMOS-4').norad)).toBeUndefined();
    // C's stored span is the union, gap included; the choice read its segments.
    const covering = await service.coveringEphemeris(object.norad, T0 + 2 * DAY + HOUR, T0 + 2 * DAY + 2 * HOUR);
    expect(covering?.ephemeris).toMatchObject({ usableStart: new Date(T0 + 2 * DAY).toISOString(), usableStop: new Date(T0 + 3 * DAY).toISOString() });
    expect(covering?.oem.segments).toHaveLength(2);
    await expect(service.coveringEphemeris(object.norad, T0 + HOUR, T0)).rejects.toThrow(RangeError);
  });
});

describe('the OpenAPI document', () => {
  it('publishes the four operations (the API fuzz test reads them from it)', async () => {
    const res = await server.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> }; responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths['/api/ephemerides']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/ephemerides']!.post!.responses).sort()).toEqual(['200', '201', '400', '422']);
    expect(doc.paths['/api/ephemerides']!.post!.requestBody?.content).toBeDefined();
    expect(Object.keys(doc.paths['/api/ephemerides/{id}']!)).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/ephemerides/{id}/file']!)).toEqual(['get']);
  });
});

describe('no input gives a 5xx', () => {
  const random = rng(20_261_201);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const ODD = ['', ' ', '-', 'NaN', 'Infinity', '1e308', '-1e308', '1e-320', '9'.repeat(400), 'x'.repeat(5000), '<', '&', '&#0;', '&#xD800;', ']]>', '<!--', '\uFEFF', 'Ω≈ç', '🚀', 'META_START', 'COVARIANCE_START', '</data>', '2026-13-45T99:99:99'];

  /** A file with lines deleted, duplicated, cut, given odd values or noise; sometimes CR LF or a BOM. */
  function mutate(text: string): string {
    const lines = text.split('\n');
    for (let k = int(1, 5); k > 0; k -= 1) {
      const i = int(0, lines.length - 1);
      const what = random();
      if (what < 0.2) lines.splice(i, 1);
      else if (what < 0.35) lines.splice(i, 0, lines[i] ?? '');
      else if (what < 0.7) lines[i] = /=/.test(lines[i] ?? '') ? lines[i]!.replace(/=.*$/, `= ${pick(ODD)}`) : (lines[i] ?? '').replace(/[^\s<>]+/, pick(ODD));
      else if (what < 0.85) lines[i] = (lines[i] ?? '').slice(0, int(0, 40));
      else lines[i] = Array.from({ length: int(1, 200) }, () => String.fromCharCode(int(0x20, 0x7e))).join('');
    }
    const out = lines.join(random() < 0.2 ? '\r\n' : '\n');
    return random() < 0.05 ? `\uFEFF${out}` : out;
  }

  it('answers every mutated KVN and XML file, odd bodies and odd content types with a 2xx or a 4xx', async () => {
    const kvnText = kvn([{ states: states(TECHSAT.norad, 0, 2 * HOUR), covariances: [HOUR] }]);
    const xmlText = xml({ states: states(TECHSAT.norad, 0, HOUR) });
    const bodies: [string, string][] = [
      ['<a>'.repeat(100_000), 'application/xml'],
      [`<oem id="CCSDS_OEM_VERS" version="3.0"><header>${'<COMMENT>x</COMMENT>'.repeat(10_000)}</header></oem>`, 'application/xml'],
      [`${kvnText}${'\nMETA_START\nMETA_STOP'.repeat(20_000)}`, 'text/plain'],
      [kvnText.replace(/^(OBJECT_ID = ).*$/m, `$1${'9'.repeat(40)}`), 'text/plain'],
      [kvnText.replace(/^(OBJECT_NAME = ).*$/m, `$1${'9'.repeat(12)}`).replace(/^(OBJECT_ID = ).*$/m, '$1?'), 'text/plain'],
      ['"a JSON string"', 'application/json'],
      ['\u00ff\u00fe', 'text/plain; charset=latin1'],
    ];
    for (let n = 0; n < 400; n += 1) bodies.push([mutate(random() < 0.6 ? kvnText : xmlText), pick(['text/plain', 'application/xml', 'text/xml', 'application/octet-stream', 'text/plain; charset=utf-8'])]);
    let stored = 0;
    const before = await rows();
    for (const [body, type] of bodies) {
      const res = await post(body, pick(['f.oem', '', 'ä ö.xml', '../../etc/passwd']), type);
      expect(res.statusCode, `${type} ${body.slice(0, 300)} → ${res.body}`).toBeLessThan(500);
      if (res.statusCode === 201) stored += 1;
      else if (res.statusCode !== 200) expect((res.json() as { message: string }).message.length).toBeGreaterThan(0);
    }
    expect(await rows()).toBe(before + stored);
    // Downloads keep a safe file name whatever the upload was called.
    const listed = EphemerisListResponse.parse((await server.app.inject({ url: '/api/ephemerides?limit=1000' })).json()).ephemerides;
    for (const e of listed.slice(0, 20)) {
      const file = await server.app.inject({ url: e.fileUrl });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"$/);
    }
  });
});

describe('roles (AUTH=on)', () => {
  const secured = useTestApp({ name: 'ephemerides-auth', env: { DEMO_CATALOG: 'off', SCREENING: 'off', AUTH: 'on' } });

  it('needs a sign-in to read and the operator role to upload', async () => {
    const { accounts } = secured.ctx.services;
    const now = new Date();
    await accounts.addUser({ username: 'vera', password: 'vera-password-1', role: 'viewer' }, now);
    const { token } = await accounts.createToken('vera', 'test', now);
    expect((await secured.app.inject({ url: '/api/ephemerides' })).statusCode).toBe(401);
    expect((await secured.app.inject({ url: '/api/ephemerides', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    const upload = await secured.app.inject({ method: 'POST', url: '/api/ephemerides', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, payload: 'CCSDS_OEM_VERS = 3.0\n' });
    expect(upload.statusCode).toBe(403);
    expect(upload.json().message).toBe("This needs the operator role; 'vera' is a viewer");
  });
});
