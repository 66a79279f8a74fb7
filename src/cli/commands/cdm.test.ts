import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCdm, readCdmKvn, readCdmXml, writeCdmKvn } from '../../core/cdm/index.ts';
import { utcMs } from '../../core/units.ts';
import { UsageError } from '../usage-error.ts';
import { CDM_USAGE, cdmCommand, type CdmIo } from './cdm.ts';
import { apply, temeToEme2000Matrix } from '../../core/frames/index.ts';
import { CDM_DIR } from '../../../tests/reference/index.ts';

const NOW = utcMs(Date.UTC(2024, 4, 1, 8, 0, 0));

const dir = mkdtempSync(join(tmpdir(), 'ssa-cdm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function run(args: string[]): Promise<string> {
  let stdout = '';
  const io: CdmIo = {
    stdout: (text) => {
      stdout += text;
    },
    readFile: async (path) => readFileSync(path, 'utf8'),
    now: () => NOW,
  };
  await cdmCommand(args, {}, io);
  return stdout;
}

async function usageError(args: string[]): Promise<UsageError> {
  const error = await run(args).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, args.join(' ')).toBeInstanceOf(UsageError);
  expect((error as UsageError).usage).toBe(CDM_USAGE);
  return error as UsageError;
}

/** A conjunction as screening gives it: TEME states, default covariances, no message header. */
const CONJUNCTION = {
  primary_object: 'OFEQ 16',
  secondary_object: 'FENGYUN 1C DEB',
  primary_norad: 45918,
  secondary_norad: 30337,
  primary_cospar: '2020-042A',
  tca: '2024-05-02T10:20:30.125Z',
  miss_distance_km: Math.hypot(0.3, 0.4),
  relative_velocity_km_s: Math.hypot(0.02, 7.6, 7.6),
  collision_probability: 2.5e-6,
  risk_level: 'medium',
  hard_body_radius_m: 20,
  frame: 'TEME',
  primary_state: { r_km: [6878.137, 0, 0], v_km_s: [0, 7.6, 0] },
  secondary_state: { r_km: [6878.437, 0.4, 0], v_km_s: [0.02, 0, 7.6] },
  primary_covariance_rtn: [
    [10000, 0, 0],
    [0, 250000, 0],
    [0, 0, 10000],
  ],
  secondary_covariance_rtn: [
    [40000, 0, 0],
    [0, 1000000, 0],
    [0, 0, 40000],
  ],
};

describe('ssa cdm', () => {
  const json = file('conjunction.json', JSON.stringify(CONJUNCTION));

  it('writes a conjunction JSON as a complete CDM in KVN and XML, header from the options or defaults', async () => {
    const kvn = await run(['--to', 'kvn', json]);
    const cdm = readCdmKvn(kvn);
    expect(cdm.header).toMatchObject({ originator: 'DATA FORGE', messageId: '000045918_conj_000030337_20240502_102030', creationDate: NOW });
    expect(cdm.relative).toMatchObject({ tca: Date.UTC(2024, 4, 2, 10, 20, 30, 125), collisionProbability: 2.5e-6, collisionProbabilityMethod: 'FOSTER-1992' });
    expect(cdm.relative.missDistanceM).toBeCloseTo(500, 9);
    expect(cdm.object1.metadata).toMatchObject({ objectName: 'OFEQ 16', objectDesignator: '45918', internationalDesignator: '2020-042A', refFrame: 'EME2000', covarianceMethod: 'DEFAULT' });
    expect(cdm.object2.metadata.internationalDesignator).toBe('UNKNOWN');

    const xml = await run(['--to', 'xml', '--originator', 'IL-SSA', '--message-id', 'IL-42', '--creation-date', '2024-05-01T09:00:00Z', json]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<cdm ')).toBe(true);
    const fromXml = readCdmXml(xml);
    expect(fromXml.header).toMatchObject({ originator: 'IL-SSA', messageId: 'IL-42', creationDate: Date.UTC(2024, 4, 1, 9) });
    expect({ ...fromXml, header: cdm.header }).toEqual(cdm);
  });

  it('reads KVN, XML or JSON (recognised from the content) and round-trips JSON → CDM → JSON', async () => {
    const kvn = file('conjunction.cdm', await run(['--to', 'kvn', json]));
    const xml = file('conjunction.xml', await run(['--to', 'xml', json]));
    const fromKvn = JSON.parse(await run(['--to', 'json', kvn])) as Record<string, unknown>;
    const fromXml = JSON.parse(await run(['--to', 'json', xml])) as Record<string, unknown>;
    expect(fromXml).toEqual(fromKvn);
    expect(fromKvn).toMatchObject({
      primary_object: 'OFEQ 16',
      secondary_object: 'FENGYUN 1C DEB',
      primary_norad: 45918,
      secondary_norad: 30337,
      tca: '2024-05-02T10:20:30.125Z',
      collision_probability: 2.5e-6,
      collision_probability_method: 'FOSTER-1992',
      risk_level: 'medium',
      hard_body_radius_m: 20,
      frame: 'EME2000',
      primary_covariance_method: 'DEFAULT',
      message: { originator: 'DATA FORGE', message_id: '000045918_conj_000030337_20240502_102030', creation_date: '2024-05-01T08:00:00.000Z' },
    });
    expect(fromKvn.miss_distance_km as number).toBeCloseTo(0.5, 12);
    // Our CDMs carry EME2000 (508.0-B-1 Table 3-3 has no TEME): the TEME state comes back rotated.
    const m = temeToEme2000Matrix(utcMs(Date.UTC(2024, 4, 2, 10, 20, 30, 125)));
    expect(fromKvn.primary_state).toEqual({ r_km: apply(m, [6878.137, 0, 0]), v_km_s: apply(m, [0, 7.6, 0]) });
    expect((fromKvn.secondary_covariance_rtn as number[][])[1]![1]).toBe(1_000_000);
    // JSON → JSON normalises and keeps every field.
    const normalised = JSON.parse(await run(['--to', 'json', json])) as Record<string, unknown>;
    expect(normalised).toMatchObject({ ...CONJUNCTION, primary_maneuverable: 'N/A', primary_covariance_method: 'DEFAULT' });
    // CDM → CDM converts the form and keeps the message.
    expect(readCdmKvn(await run(['--to', 'kvn', xml]))).toEqual(readCdmXml(readFileSync(xml, 'utf8')));
  });

  it('prints the Pc computed from the message covariance with --pc', async () => {
    const kvn = file('pc.cdm', await run(['--to', 'kvn', json]));
    const report = JSON.parse(await run(['--pc', kvn])) as Record<string, unknown>;
    expect(report).toMatchObject({ pc_method: 'pc2d', method: '2D-Pc (Foster 1992)', hard_body_radius_m: 20, hbr_source: 'message', frame: 'EME2000', message_collision_probability: 2.5e-6 });
    expect(report.collision_probability as number).toBeGreaterThan(0);
    expect(report.miss_distance_m as number).toBeCloseTo(500, 6);
    // From JSON too, and the HBR option applies only where the message has none.
    expect(JSON.parse(await run(['--pc', json]))).toEqual(report);
    const noHbr = file('no-hbr.json', JSON.stringify({ ...CONJUNCTION, hard_body_radius_m: undefined }));
    const withDefault = JSON.parse(await run(['--pc', '--hbr', '10', noHbr])) as Record<string, unknown>;
    expect(withDefault).toMatchObject({ hard_body_radius_m: 10, hbr_source: 'default' });
    expect(withDefault.collision_probability as number).toBeLessThan(report.collision_probability as number);
  });

  it('prints the usage for --help', async () => {
    expect(await run(['--help'])).toBe(CDM_USAGE);
  });

  it('throws UsageError with a clear message for bad arguments and bad input', async () => {
    const bad = (name: string, content: string) => file(name, content);
    const kvn = bad('ok.cdm', await run(['--to', 'kvn', json]));
    const cases: [string[], RegExp][] = [
      [[json], /missing --to kvn\|xml\|json or --pc/],
      [['--to', 'pdf', json], /--to: expected kvn, xml or json, got 'pdf'/],
      [['--to', 'kvn'], /missing FILE/],
      [['--to', 'kvn', json, json], /expected one FILE, got 2/],
      [['--to', 'kvn', '--pc', json], /either --to or --pc/],
      [['--pc', '--hbr', 'big', json], /--hbr: expected a radius in metres ≥ 0, got 'big'/],
      [['--to', 'kvn', join(dir, 'absent.json')], /cannot read '.*absent\.json': ENOENT/],
      [['--to', 'kvn', bad('text.txt', 'hello')], /is neither a CDM .* nor conjunction JSON/],
      [['--to', 'kvn', bad('broken.json', '{"tca": ')], /broken\.json: not valid JSON/],
      [['--to', 'kvn', bad('partial.json', JSON.stringify({ ...CONJUNCTION, frame: 'ITRF' }))], /partial\.json: frame: expected one of TEME, EME2000, GCRF/],
      [['--to', 'xml', bad('bad.cdm', readFileSync(kvn, 'utf8').replace(/^MISS_DISTANCE .*$/m, 'MISS_DISTANCE = 0.5 [km]'))], /bad\.cdm: line \d+: MISS_DISTANCE: is in \[km\], 508\.0-B-1 requires \[m\]/],
      [['--to', 'kvn', '--originator', 'X', kvn], /--originator applies only when writing a CDM .* from conjunction JSON/],
      [['--to', 'kvn', '--creation-date', 'yesterday', json], /--creation-date: 'yesterday' is not a UTC time/],
      [['--to', 'kvn', '--bogus', json], /Unknown option '--bogus'/],
    ];
    for (const [args, message] of cases) expect((await usageError(args)).message, args.join(' ')).toMatch(message);
  });
});

const CARA = `${CDM_DIR}cara_000025994_conj_000037558_20210324_151047_20210323_154356.cdm`;
const ION = `${CDM_DIR}orekit_ION_SCV8_vs_STARLINK_1233.txt`;

describe('ssa cdm on the reference CDMs', () => {
  it('--pc on the CARA message: its own HBR comment and Pc 0.0211738 (CARA Pc2D 0.021173811560368256)', async () => {
    const report = JSON.parse(await run(['--pc', CARA])) as Record<string, number | string>;
    expect(report).toMatchObject({ hard_body_radius_m: 15, hbr_source: 'message', frame: 'EME2000', message_collision_probability: 0.02117 });
    expect(Math.abs((report.collision_probability as number) / 0.021173811560368256 - 1)).toBeLessThan(1e-6);
  });

  it('--pc on the ITRF CSpOC message with --hbr 10: Orekit Laas2015 0.0034965176443840897', async () => {
    const report = JSON.parse(await run(['--pc', '--hbr', '10', ION])) as Record<string, number | string>;
    expect(report).toMatchObject({ hbr_source: 'default', frame: 'TEME' });
    expect(Math.abs((report.collision_probability as number) / 0.0034965176443840897 - 1)).toBeLessThan(1e-6);
  });

  it('converts the CARA KVN to XML and to JSON', async () => {
    const xml = await run(['--to', 'xml', CARA]);
    expect(readCdmXml(xml)).toEqual(readCdm(readFileSync(CARA, 'utf8')));
    const json = JSON.parse(await run(['--to', 'json', CARA])) as Record<string, unknown>;
    expect(json).toMatchObject({
      primary_object: 'TERRA',
      secondary_object: 'IRIDIUM 33 DEB',
      primary_norad: 25994,
      secondary_norad: 37558,
      tca: '2021-03-24T15:10:47.417Z',
      miss_distance_km: 0.108,
      relative_velocity_km_s: 11.073,
      collision_probability: 0.02117,
      risk_level: 'critical',
      hard_body_radius_m: 15,
      frame: 'EME2000',
    });
    // JSON back to KVN: the same states and covariances as the original.
    const again = readCdmKvn(await run(['--to', 'kvn', file('cara.json', JSON.stringify(json))]));
    const original = readCdmKvn(readFileSync(CARA, 'utf8'));
    expect(again.object2.data.covariance.rtn).toEqual(original.object2.data.covariance.rtn);
    expect(again.object1.data.stateVector.positionKm).toEqual(original.object1.data.stateVector.positionKm);
    expect(writeCdmKvn(again)).toContain('COMMENT HBR = 15 [m]');
  });
});
