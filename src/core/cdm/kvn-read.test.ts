import { describe, expect, it } from 'vitest';
import { CdmError } from './cdm-error.ts';
import { readCdmKvn } from './kvn-read.ts';
import { writeCdmKvn } from './kvn-write.ts';

/** The obligatory keywords only (CCSDS 508.0-B-1 Tables 3-1 to 3-4); values are made up. */
function objectLines(which: 1 | 2): string[] {
  const covariance = ['CR_R', 'CT_R', 'CT_T', 'CN_R', 'CN_T', 'CN_N', 'CRDOT_R', 'CRDOT_T', 'CRDOT_N', 'CRDOT_RDOT', 'CTDOT_R', 'CTDOT_T', 'CTDOT_N', 'CTDOT_RDOT', 'CTDOT_TDOT'];
  const more = ['CNDOT_R', 'CNDOT_T', 'CNDOT_N', 'CNDOT_RDOT', 'CNDOT_TDOT', 'CNDOT_NDOT'];
  const unit = (k: string) => (/DOT_.*DOT/.test(k) ? 'm**2/s**2' : k.includes('DOT') ? 'm**2/s' : 'm**2');
  return [
    `OBJECT = OBJECT${which}`,
    `OBJECT_DESIGNATOR = ${which === 1 ? '12345' : '00042'}`,
    'CATALOG_NAME = SATCAT',
    `OBJECT_NAME = SAT ${which}`,
    `INTERNATIONAL_DESIGNATOR = 2000-00${which}A`,
    'EPHEMERIS_NAME = NONE',
    'COVARIANCE_METHOD = CALCULATED',
    'MANEUVERABLE = N/A',
    'REF_FRAME = EME2000',
    `X = ${which === 1 ? 7000 : 7000.1} [km]`,
    'Y = 0 [km]',
    'Z = 0 [km]',
    'X_DOT = 0 [km/s]',
    `Y_DOT = ${which === 1 ? 7.5 : 0} [km/s]`,
    `Z_DOT = ${which === 1 ? 0 : 7.5} [km/s]`,
    ...[...covariance, ...more].map((k, i) => `${k} = ${/^C(\w+)_\1$/.test(k) ? 100 + i : 0.5} [${unit(k)}]`),
  ];
}

function minimal(): string[] {
  return [
    'CCSDS_CDM_VERS = 1.0',
    'CREATION_DATE = 2024-01-01T00:00:00.000',
    'ORIGINATOR = TEST',
    'MESSAGE_ID = M-1',
    'TCA = 2024-01-02T03:04:05.678',
    'MISS_DISTANCE = 100 [m]',
    ...objectLines(1),
    ...objectLines(2),
  ];
}

function failure(lines: string[]): CdmError {
  try {
    readCdmKvn(lines.join('\n'));
  } catch (error) {
    if (error instanceof CdmError) return error;
    throw error;
  }
  throw new Error('expected a CdmError');
}

const replace = (lines: string[], keyword: string, line: string | null) => {
  const i = lines.findIndex((l) => l.startsWith(`${keyword} `));
  const out = [...lines];
  if (line === null) out.splice(i, 1);
  else out[i] = line;
  return out;
};

describe('KVN CDM reader', () => {
  it('reads a message with only the obligatory keywords', () => {
    const cdm = readCdmKvn(minimal().join('\n'));
    expect(cdm.header).toEqual({ version: '1.0', comments: [], creationDate: Date.UTC(2024, 0, 1), originator: 'TEST', messageId: 'M-1' });
    expect(cdm.relative).toEqual({ comments: [], tca: Date.UTC(2024, 0, 2, 3, 4, 5, 678), missDistanceM: 100 });
    expect(cdm.object2.metadata.objectDesignator).toBe('00042');
    expect(cdm.object1.data.stateVector.velocityKmPerS).toEqual([0, 7.5, 0]);
    expect(cdm.object1.data.covariance.rtn).toHaveLength(6);
    expect(cdm.object1.data.covariance.rtn[5]![5]).toBe(120);
    expect(cdm.object1.data.covariance.rtn[0]![1]).toBe(cdm.object1.data.covariance.rtn[1]![0]);
    expect(cdm.object1.data.odParameters).toBeUndefined();
  });

  it('tolerates what real files do: = without blanks, trailing blanks, CRLF, LF CR, blank lines, lower-case enums, units with blanks', () => {
    const lines = minimal().map((l) => l.replace(' = ', '=') + '   ');
    lines.splice(3, 0, '', '   ');
    const text = lines.join('\r\n').replace('MANEUVERABLE=N/A', 'MANEUVERABLE=n/a').replace('MISS_DISTANCE=100 [m]', 'MISS_DISTANCE=100   [ m ]');
    const cdm = readCdmKvn(`\uFEFF${text}`);
    expect(cdm.relative.missDistanceM).toBe(100);
    expect(cdm.object1.metadata.maneuverable).toBe('N/A');
    expect(readCdmKvn(minimal().join('\n\r'))).toEqual(readCdmKvn(minimal().join('\n')));
  });

  it('keeps COMMENT lines with the block of the keyword that follows them', () => {
    const lines = minimal();
    lines.splice(1, 0, 'COMMENT header note');
    lines.splice(lines.indexOf('TCA = 2024-01-02T03:04:05.678'), 0, 'COMMENT   relative  note  ');
    lines.splice(lines.indexOf('OBJECT = OBJECT1'), 0, 'COMMENT HBR = 15 [m]');
    lines.splice(lines.indexOf('X = 7000 [km]'), 0, 'COMMENT Object1 Data');
    lines.splice(lines.indexOf('CR_R = 100 [m**2]'), 0, 'COMMENT covariance note');
    lines.push('COMMENT');
    const cdm = readCdmKvn(lines.join('\n'));
    expect(cdm.header.comments).toEqual(['header note']);
    expect(cdm.relative.comments).toEqual(['relative  note']);
    expect(cdm.object1.metadata.comments).toEqual(['HBR = 15 [m]']);
    expect(cdm.object1.data.comments).toEqual(['Object1 Data']);
    expect(cdm.object1.data.covariance.comments).toEqual(['covariance note']);
    expect(cdm.object2.data.covariance.comments).toEqual(['']);
    // Written back, every comment is where it was.
    expect(writeCdmKvn(cdm).split('\n').filter((l) => l.startsWith('COMMENT'))).toEqual([
      'COMMENT header note',
      'COMMENT relative  note',
      'COMMENT HBR = 15 [m]',
      'COMMENT Object1 Data',
      'COMMENT covariance note',
      'COMMENT',
    ]);
  });

  it('reads optional covariance rows 7–9 only whole (§5.2.8)', () => {
    const lines = minimal();
    const drg = ['CDRG_R', 'CDRG_T', 'CDRG_N', 'CDRG_RDOT', 'CDRG_TDOT', 'CDRG_NDOT', 'CDRG_DRG'];
    const units = ['m**3/kg', 'm**3/kg', 'm**3/kg', 'm**3/(kg*s)', 'm**3/(kg*s)', 'm**3/(kg*s)', 'm**4/kg**2'];
    const at = lines.indexOf('OBJECT = OBJECT2');
    lines.splice(at, 0, ...drg.map((k, i) => `${k} = ${i + 1} [${units[i]}]`));
    const cdm = readCdmKvn(lines.join('\n'));
    expect(cdm.object1.data.covariance.rtn).toHaveLength(7);
    expect(cdm.object1.data.covariance.rtn[6]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(cdm.object1.data.covariance.rtn[2]![6]).toBe(3);
    const partial = [...lines];
    partial.splice(partial.indexOf('CDRG_T = 2 [m**3/kg]'), 1);
    expect(failure(partial).message).toMatch(/CDRG_T: the Object1 covariance gives part of row 7.*508\.0-B-1 §5\.2\.8/);
    const thrustOnly = minimal();
    thrustOnly.splice(thrustOnly.indexOf('OBJECT = OBJECT2'), 0, 'CTHR_THR = 1 [m**2/s**4]');
    expect(failure(thrustOnly).keyword).toBe('CDRG_R');
  });

  it('names the line and keyword of every fault', () => {
    const base = minimal();
    const cases: [string[], number | undefined, string | undefined, RegExp][] = [
      [replace(base, 'MISS_DISTANCE', 'MISS_DISTANCE = far [m]'), 6, 'MISS_DISTANCE', /'far' is not a number/],
      [replace(base, 'MISS_DISTANCE', 'MISS_DISTANCE = 0.1 [km]'), 6, 'MISS_DISTANCE', /is in \[km\], 508\.0-B-1 requires \[m\]/],
      [replace(base, 'TCA', 'TCA = 2024-13-02T03:04:05'), 5, 'TCA', /not a UTC time/],
      [replace(base, 'ORIGINATOR', 'ORIGINATOR = '), 3, 'ORIGINATOR', /obligatory keyword has no value/],
      [replace(base, 'MESSAGE_ID', null), undefined, 'MESSAGE_ID', /obligatory keyword is missing from the header \(CCSDS 508\.0-B-1 Table 3-1\)/],
      [replace(base, 'TCA', 'TCA_TIME = 2024-01-02T03:04:05'), 5, 'TCA_TIME', /is not a CDM keyword/],
      [replace(base, 'TCA', 'this is not KVN'), 5, undefined, /expected 'KEYWORD = value'/],
      [replace(base, 'MANEUVERABLE', 'MANEUVERABLE = MAYBE'), 14, 'MANEUVERABLE', /'MAYBE' is not one of YES, NO, N\/A/],
      [replace(base, 'REF_FRAME', 'REF_FRAME = J2000'), 15, 'REF_FRAME', /not one of EME2000, GCRF, ITRF, TEME/],
      [[...base.slice(0, 7), 'ORIGINATOR = AGAIN', ...base.slice(7)], 8, 'ORIGINATOR', /header keyword .* after the header/],
      [[...base, 'TCA = 2024-01-02T03:04:05'], base.length + 1, 'TCA', /inside an object section/],
      [[...base, 'OBJECT = OBJECT3'], base.length + 1, 'OBJECT', /third object section/],
      [replace(base, 'OBJECT', 'OBJECT = OBJECT2'), 7, 'OBJECT', /is 'OBJECT2' where OBJECT1 belongs/],
      [[base[0]!, ...base.slice(4, 6), ...base.slice(1, 4), ...base.slice(6)], 4, 'CREATION_DATE', /after the header/],
      [base.slice(1), 1, 'CREATION_DATE', /comes before CCSDS_CDM_VERS/],
      [replace(base, 'CCSDS_CDM_VERS', 'CCSDS_CDM_VERS = 2.0'), 1, 'CCSDS_CDM_VERS', /version '2\.0' is not supported/],
      [[...base.slice(0, 7), 'OBJECT_NAME = DUPLICATE', ...base.slice(7)], 11, 'OBJECT_NAME', /appears twice in the Object1 metadata \(first on line 8\)/],
      [replace(base, 'Y_DOT', null), 7, 'Y_DOT', /gives only part of a vector: Y_DOT missing/],
      [replace(base, 'CN_T', null), 7, 'CN_T', /obligatory keyword is missing from the Object1 covariance/],
    ];
    cases.push([base.map((l, i) => (i > 30 && l === 'REF_FRAME = EME2000' ? 'REF_FRAME = ITRF' : l)), 51, 'REF_FRAME', /Table 3-3 requires the same frame for both/]);
    cases.push([['COMMENT only comments'], undefined, 'CCSDS_CDM_VERS', /not a CDM/]);
    cases.push([base.slice(0, 6), undefined, 'OBJECT', /describes two objects/]);
    cases.push([[...base.slice(0, 6), 'COLLISION_PROBABILITY = 1.2', ...base.slice(6)], 7, 'COLLISION_PROBABILITY', /not a probability/]);
    cases.push([[...base.slice(0, 6), 'COLLISION_PROBABILITY = 0.1 [%]', ...base.slice(6)], 7, 'COLLISION_PROBABILITY', /takes no units/]);
    for (const [lines, line, keyword, message] of cases) {
      const error = failure(lines);
      expect(error.message, lines.join('|')).toMatch(message);
      expect(error.keyword, error.message).toBe(keyword);
      if (line !== undefined) expect(error.line, error.message).toBe(line);
      if (line !== undefined) expect(error.message).toMatch(new RegExp(`^line ${line}: `));
    }
  });
});
