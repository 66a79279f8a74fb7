/**
 * The four CDMs of tests/reference/cdm (see its README.md): the key fields the README lists, and
 * write → read round trips in both forms. Read at test time.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Cdm } from './cdm.ts';
import { readCdmKvn } from './kvn-read.ts';
import { writeCdmKvn } from './kvn-write.ts';
import { detectCdmFormat, readCdm } from './read.ts';
import { readCdmXml } from './xml-read.ts';
import { writeCdmXml } from './xml-write.ts';
import { cdmHardBodyRadius } from './hard-body-radius.ts';
import { readXml, type XmlElement } from '../elements/xml-reader.ts';
import { COVARIANCE_KEYWORDS, RELATIVE_KEYWORDS, METADATA_KEYWORDS, OD_PARAMETER_KEYWORDS, ADDITIONAL_PARAMETER_KEYWORDS } from './keywords.ts';
import { CDM_DIR as DIR } from '../../../tests/reference/index.ts';

const FILES = {
  cara: 'cara_000025994_conj_000037558_20210324_151047_20210323_154356.cdm',
  kvn2: 'orekit_CDMExample2.txt',
  xml1: 'orekit_CDMExample1.xml',
  ion: 'orekit_ION_SCV8_vs_STARLINK_1233.txt',
} as const;
const read = (name: keyof typeof FILES) => readFileSync(`${DIR}${FILES[name]}`, 'utf8');
const utc = (text: string) => Date.parse(`${text}Z`);

interface Expected {
  tca: string;
  miss: number;
  speed: number;
  pc: number;
  ids: [string, string];
  names: [string, string];
  designators: [string, string];
  frame: string;
  relative: [number, number, number, number, number, number];
}

function expectKeyFields(cdm: Cdm, e: Expected): void {
  const { relative, object1, object2 } = cdm;
  expect(relative.tca).toBe(utc(e.tca));
  expect(relative.missDistanceM).toBe(e.miss);
  expect(relative.relativeSpeedMPerS).toBe(e.speed);
  expect(relative.collisionProbability).toBe(e.pc);
  expect(relative.collisionProbabilityMethod).toBe('FOSTER-1992');
  expect([object1.metadata.objectDesignator, object2.metadata.objectDesignator]).toEqual(e.ids);
  expect([object1.metadata.objectName, object2.metadata.objectName]).toEqual(e.names);
  expect([object1.metadata.internationalDesignator, object2.metadata.internationalDesignator]).toEqual(e.designators);
  expect([object1.metadata.refFrame, object2.metadata.refFrame]).toEqual([e.frame, e.frame]);
  expect([...relative.relativePositionRtnM!, ...relative.relativeVelocityRtnMPerS!]).toEqual(e.relative);
}

/** The CDM as a comparable value with its comments gathered per object, for XML ↔ KVN comparisons (see kvn-read.ts on placement). */
function withoutCommentPlacement(cdm: Cdm): unknown {
  return JSON.parse(JSON.stringify(cdm, (key, value: unknown) => (key === 'comments' ? undefined : value)));
}

/**
 * The ndmxml CDM schema's element sequences (ndmxml-1.0/2.0 cdm-1.0 xsd; CCSDS 508.0-B-1 §4.3):
 * '1' exactly once, '?' optional, '*' any number.
 */
type Occurs = '1' | '?' | '*';
const seq = (...names: string[]): [string, Occurs][] => names.map((n) => [n.replace(/[?*]$/, ''), (/[?*]$/.exec(n)?.[0] ?? '1') as Occurs]);
const SCHEMA: Record<string, [string, Occurs][]> = {
  cdm: seq('header', 'body'),
  header: seq('COMMENT*', 'CREATION_DATE', 'ORIGINATOR', 'MESSAGE_FOR?', 'MESSAGE_ID'),
  body: seq('relativeMetadataData', 'segment', 'segment'),
  relativeMetadataData: seq(
    'COMMENT*',
    'TCA',
    'MISS_DISTANCE',
    'RELATIVE_SPEED?',
    'relativeStateVector?',
    ...RELATIVE_KEYWORDS.slice(9).map((k) => `${k.keyword}?`),
  ),
  relativeStateVector: seq('RELATIVE_POSITION_R', 'RELATIVE_POSITION_T', 'RELATIVE_POSITION_N', 'RELATIVE_VELOCITY_R', 'RELATIVE_VELOCITY_T', 'RELATIVE_VELOCITY_N'),
  segment: seq('metadata', 'data'),
  metadata: seq('COMMENT*', ...METADATA_KEYWORDS.map((k) => (k.obligatory ? k.keyword : `${k.keyword}?`))),
  data: seq('COMMENT*', 'odParameters?', 'additionalParameters?', 'stateVector', 'covarianceMatrix'),
  odParameters: seq('COMMENT*', ...OD_PARAMETER_KEYWORDS.map((k) => `${k.keyword}?`)),
  additionalParameters: seq('COMMENT*', ...ADDITIONAL_PARAMETER_KEYWORDS.map((k) => `${k.keyword}?`)),
  stateVector: seq('COMMENT*', 'X', 'Y', 'Z', 'X_DOT', 'Y_DOT', 'Z_DOT'),
  covarianceMatrix: seq('COMMENT*', ...COVARIANCE_KEYWORDS.map((k, i) => (i < 21 ? k.keyword : `${k.keyword}?`))),
};
const UNITS = new Map([...RELATIVE_KEYWORDS, ...OD_PARAMETER_KEYWORDS, ...ADDITIONAL_PARAMETER_KEYWORDS, ...COVARIANCE_KEYWORDS].map((k) => [k.keyword, k.unit]));

/** Checks that every element with children follows its sequence, and every leaf with units carries them. */
function expectSchemaOrder(element: XmlElement): void {
  const sequence = SCHEMA[element.localName];
  if (!sequence) {
    expect(element.children, `<${element.name}> is a leaf`).toEqual([]);
    const unit = UNITS.get(element.localName) ?? (['X', 'Y', 'Z'].includes(element.localName) ? 'km' : /_DOT$/.test(element.localName) && element.localName.length === 5 ? 'km/s' : undefined);
    expect(element.attributes.units, `units of <${element.name}>`).toBe(unit);
    return;
  }
  const names = element.children.map((c) => c.localName);
  let i = 0;
  for (const [name, occurs] of sequence) {
    let count = 0;
    while (names[i] === name && (occurs === '*' || count === 0)) {
      i += 1;
      count += 1;
    }
    if (occurs === '1') expect(count, `<${name}> in <${element.name}>`).toBe(1);
  }
  expect(names.slice(i), `elements out of schema order in <${element.name}>`).toEqual([]);
  element.children.forEach(expectSchemaOrder);
}

describe('the CDM samples of tests/reference/cdm', () => {
  it('CARA TERRA × IRIDIUM 33 DEB: the README key fields, HBR from its comment', () => {
    const text = read('cara');
    expect(detectCdmFormat(text)).toBe('kvn');
    const cdm = readCdm(text);
    expectKeyFields(cdm, {
      tca: '2021-03-24T15:10:47.417',
      miss: 108,
      speed: 11073,
      pc: 2.117e-2,
      ids: ['000025994', '000037558'],
      names: ['TERRA', 'IRIDIUM 33 DEB'],
      designators: ['1999-068A', '1997-051XT'],
      frame: 'EME2000',
      relative: [-5.5, 73.7, -78.2, 52.5, -8157.0, -7488.6],
    });
    expect(cdm.header).toMatchObject({ originator: 'CARA', messageFor: 'TERRA', messageId: '000025994_conj_000037558_20210324_151047_20210323_154356' });
    expect(cdm.relative.comments).toEqual(['SCREENING_OPTION = Covariance']);
    expect(cdmHardBodyRadius(cdm)).toEqual({ hbrM: 15, comment: 'HBR = 15 [m]' });
    // State in km and km/s, covariance in m**2 (README), 6×6.
    expect(cdm.object1.data.stateVector.positionKm).toEqual([31.4697553213111938, 1068.529615130502634, 6991.045229035728880]);
    expect(cdm.object2.data.covariance.rtn[1]![1]).toBe(55221.40915825495176);
    expect(cdm.object2.data.covariance.rtn).toHaveLength(6);
    expect(cdm.object1.data.odParameters).toMatchObject({ recommendedOdSpanDays: 3.77, obsAvailable: 461, residualsAcceptedPercent: 98.7, weightedRms: 1.322 });
    expect(cdm.object1.data.additionalParameters).toMatchObject({ cdAreaOverMassM2PerKg: 0.023827, sedrWPerKg: 0.000041 });
  });

  it('Orekit CDMExample2 (KVN): the README key fields, the full relative block, 8×8 covariances', () => {
    const cdm = readCdmKvn(read('kvn2'));
    expectKeyFields(cdm, {
      tca: '2010-03-13T22:37:52.618',
      miss: 715,
      speed: 14762,
      pc: 4.835e-5,
      ids: ['12345', '30337'],
      names: ['SATELLITE A', 'FENGYUN 1C DEB'],
      designators: ['1997-030E', '1999-025AA'],
      frame: 'EME2000',
      relative: [27.4, -70.2, 711.8, -7.2, -14692.0, -1437.2],
    });
    expect(cdm.relative).toMatchObject({
      screenVolumeFrame: 'RTN',
      screenVolumeShape: 'ELLIPSOID',
      screenVolumeXM: 200,
      screenEntryTime: utc('2010-03-13T22:37:52.222'),
      startScreenPeriod: utc('2010-03-12T18:29:32.212'),
    });
    expect(cdm.object1.metadata).toMatchObject({ objectType: 'PAYLOAD', operatorEmail: 'JOHN.DOE@SOMEWHERE.NET', orbitCenter: 'EARTH', maneuverable: 'YES' });
    expect(cdm.object1.data.covariance.rtn).toHaveLength(8);
    expect(cdm.object1.data.covariance.rtn[7]![7]).toBe(1.593e-2); // CSRP_SRP
    expect(cdm.object2.data.covariance.rtn[2]![1]).toBe(-7.5888e2); // CN_T
    expect(cdm.object1.data.odParameters?.obsUsed).toBe(579);
    expect(cdm.object1.data.additionalParameters?.massKg).toBe(251.6);
  });

  it('Orekit CDMExample1 (XML): the same event, with the differences the README lists', () => {
    const text = read('xml1');
    expect(detectCdmFormat(text)).toBe('xml');
    const xml = readCdmXml(text);
    expectKeyFields(xml, {
      tca: '2010-03-13T22:37:52.618',
      miss: 715,
      speed: 14762,
      pc: 4.835e-5,
      ids: ['12345', '30337'],
      names: ['SATELLITE A', 'FENGYUN 1C DEB'],
      designators: ['1997-030E', '1999-025AA'],
      frame: 'EME2000',
      relative: [27.4, -70.2, 711.8, -7.2, -14692.0, -1437.2],
    });
    const kvn = readCdmKvn(read('kvn2'));
    expect(xml.header.messageId).toBe('20111371985');
    expect(kvn.header.messageId).toBe('201113719185');
    expect([xml.relative.screenEntryTime, xml.relative.screenExitTime]).toEqual([utc('2010-03-13T20:25:43.222'), utc('2010-03-13T23:44:29.324')]);
    expect(xml.object1.data.odParameters?.obsUsed).toBe(59);
    expect(xml.object1.data.additionalParameters?.massKg).toBe(2516);
    // The XML sample writes a '>' in the e-mail address: legal character data, kept as written.
    expect(xml.object1.metadata.operatorEmail).toBe('JOHN.DOE@SOMEWHERE>NET');
    expect(xml.object1.data.covariance.rtn).toHaveLength(6);
    // The 6×6 blocks are the same numbers in both files.
    expect(xml.object2.data.covariance.rtn).toEqual(kvn.object2.data.covariance.rtn.slice(0, 6).map((r) => r.slice(0, 6)));
    expect(xml.object1.data.comments).toEqual(['Object1 Data']);
    expect(xml.object1.data.odParameters?.comments).toEqual(['Object1 OD Parameters']);
  });

  it('ION SCV-008 × STARLINK-1233 (CSpOC): "=" without blanks, trailing blanks, ITRF, no HBR', () => {
    const text = read('ion');
    const cdm = readCdm(text);
    expectKeyFields(cdm, {
      tca: '2023-07-05T20:31:15.893',
      miss: 55,
      speed: 14544,
      pc: 0.004450713,
      ids: ['55051', '45214'],
      names: ['ION SCV-008', 'STARLINK-1233'],
      designators: ['2023-001AU', '2020-012AN'],
      frame: 'ITRF',
      relative: [-21.3, -15.2, -49.3, 1.9, -13954.8, 4100.4],
    });
    expect(cdm.header.comments).toEqual(['=CDM_ID:519959713', 'MEETS EMERGENCY CRITERIA']);
    expect(cdm.object1.data.comments).toEqual(['Covariance Scale Factor = 1.000000', 'Exclusion Volume Radius = 5.000000 [m]']);
    // README: "Exclusion Volume Radius = 5 m" is not the HBR.
    expect(cdmHardBodyRadius(cdm)).toBeUndefined();
    expect(cdm.object1.data.covariance.rtn).toHaveLength(8);
    expect(cdm.object2.data.stateVector.velocityKmPerS).toEqual([-0.41596327, -5.20688041, 5.081948896]);
    expect(cdm.object1.data.additionalParameters).toMatchObject({ areaPcM2: 1.2007, thrustAccelerationMPerS2: 0 });
    expect(cdm.object2.metadata.operatorOrganization).toBe('SpaceX');
  });

  it('writes every sample as KVN and XML that read back to the same message', () => {
    for (const name of Object.keys(FILES) as (keyof typeof FILES)[]) {
      const cdm = readCdm(read(name));
      const kvn = writeCdmKvn(cdm);
      const xml = writeCdmXml(cdm);
      expect(readCdmXml(xml), `${name} XML`).toEqual(cdm);
      if (name === 'xml1') {
        // KVN cannot tell <data> comments from <odParameters> ones (kvn-read.ts): equal but for placement.
        expect(withoutCommentPlacement(readCdmKvn(kvn))).toEqual(withoutCommentPlacement(cdm));
        expect(readCdmKvn(kvn).object1.data.comments).toEqual(['Object1 Data', 'Object1 OD Parameters']);
      } else expect(readCdmKvn(kvn), `${name} KVN`).toEqual(cdm);
      // Written twice, the text is the same: writing is deterministic and reading loses nothing.
      expect(writeCdmKvn(readCdmKvn(kvn))).toBe(kvn);
      expect(writeCdmXml(readCdmXml(xml))).toBe(xml);
    }
  });

  it('writes XML that is well formed and in the element order of the ndmxml CDM schema, units on every quantity', () => {
    for (const name of Object.keys(FILES) as (keyof typeof FILES)[]) {
      const xml = writeCdmXml(readCdm(read(name)));
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<cdm xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"')).toBe(true);
      const root = readXml(xml);
      expect(root.attributes).toMatchObject({ id: 'CCSDS_CDM_VERS', version: '1.0' });
      expectSchemaOrder(root);
    }
    // The sample itself passes the same check (it is what Orekit writes and reads).
    const sample = readXml(read('xml1'));
    expectSchemaOrder(sample);
  });

  it('keeps the KVN layout of the standard: version first, one assignment per line, units in brackets', () => {
    const kvn = writeCdmKvn(readCdm(read('kvn2')));
    const lines = kvn.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CCSDS_CDM_VERS\s+= 1\.0$/);
    expect(lines.find((l) => l.startsWith('MISS_DISTANCE'))).toMatch(/^MISS_DISTANCE\s+= 715 \[m\]$/);
    expect(lines.find((l) => l.startsWith('CDRG_RDOT'))).toMatch(/= -0\.0001214 \[m\*\*3\/\(kg\*s\)\]$/);
    expect(lines.every((l) => l.length <= 254)).toBe(true); // §6.2.2.1
    expect(lines.filter((l) => !l.startsWith('COMMENT')).every((l) => /^[A-Z_0-9]+ +=/.test(l))).toBe(true);
  });
});
