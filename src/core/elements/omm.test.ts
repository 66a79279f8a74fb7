import { describe, expect, it } from 'vitest';
import { parseOmmCsv } from './omm-csv.ts';
import { parseOmmJson } from './omm-json.ts';
import { parseOmmKvn } from './omm-kvn.ts';
import { parseOmmXml } from './omm-xml.ts';
import { detectElementFormat, parseElementSets } from './parse-element-sets.ts';

// CALSPHERE 1 as in the first data row of shared/reference/catalog/celestrak_active_gp_2026-07.csv,
// written out in each format CelesTrak serves (CCSDS 502.0-B-3 keywords).
const CSV_HEADER =
  'OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,ELEMENT_SET_NO,REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT';
const CSV_ROW = 'CALSPHERE 1,1964-063C,2026-07-10T03:44:00.383136,13.76647064,.00234977,90.2216,72.3098,220.5925,303.3745,0,U,900,999,7458,.40393571E-3,.406E-5,0';

const KVN = `CCSDS_OMM_VERS = 2.0
COMMENT GENERATED VIA SPACE-TRACK.ORG API
CREATION_DATE = 2026-07-10T12:00:00
ORIGINATOR = 18 SPCS
OBJECT_NAME = CALSPHERE 1
OBJECT_ID = 1964-063C
CENTER_NAME = EARTH
REF_FRAME = TEME
TIME_SYSTEM = UTC
MEAN_ELEMENT_THEORY = SGP4
EPOCH = 2026-07-10T03:44:00.383136
MEAN_MOTION = 13.76647064 [rev/day]
ECCENTRICITY = .00234977
INCLINATION = 90.2216 [deg]
RA_OF_ASC_NODE = 72.3098 [deg]
ARG_OF_PERICENTER = 220.5925 [deg]
MEAN_ANOMALY = 303.3745 [deg]
EPHEMERIS_TYPE = 0
CLASSIFICATION_TYPE = U
NORAD_CAT_ID = 900
ELEMENT_SET_NO = 999
REV_AT_EPOCH = 7458
BSTAR = .40393571E-3 [1/ER]
MEAN_MOTION_DOT = .406E-5 [rev/day**2]
MEAN_MOTION_DDOT = 0 [rev/day**3]
`;

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<ndm xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://sanaregistry.org/r/ndmxml_unqualified/ndmxml-2.0.0-master-2.0.xsd">
<omm id="CCSDS_OMM_VERS" version="2.0">
<header><CREATION_DATE/><ORIGINATOR/></header>
<body><segment>
<metadata>
<OBJECT_NAME>CALSPHERE 1</OBJECT_NAME>
<OBJECT_ID>1964-063C</OBJECT_ID>
<CENTER_NAME>EARTH</CENTER_NAME>
<REF_FRAME>TEME</REF_FRAME>
<TIME_SYSTEM>UTC</TIME_SYSTEM>
<MEAN_ELEMENT_THEORY>SGP4</MEAN_ELEMENT_THEORY>
</metadata>
<data>
<!-- mean elements -->
<meanElements>
<EPOCH>2026-07-10T03:44:00.383136</EPOCH>
<MEAN_MOTION>13.76647064</MEAN_MOTION>
<ECCENTRICITY>.00234977</ECCENTRICITY>
<INCLINATION>90.2216</INCLINATION>
<RA_OF_ASC_NODE>72.3098</RA_OF_ASC_NODE>
<ARG_OF_PERICENTER>220.5925</ARG_OF_PERICENTER>
<MEAN_ANOMALY>303.3745</MEAN_ANOMALY>
</meanElements>
<tleParameters>
<EPHEMERIS_TYPE>0</EPHEMERIS_TYPE>
<CLASSIFICATION_TYPE>U</CLASSIFICATION_TYPE>
<NORAD_CAT_ID>900</NORAD_CAT_ID>
<ELEMENT_SET_NO>999</ELEMENT_SET_NO>
<REV_AT_EPOCH>7458</REV_AT_EPOCH>
<BSTAR>.40393571E-3</BSTAR>
<MEAN_MOTION_DOT>.406E-5</MEAN_MOTION_DOT>
<MEAN_MOTION_DDOT>0</MEAN_MOTION_DDOT>
</tleParameters>
</data>
</segment></body>
</omm>
</ndm>
`;

const JSON_NUMBERS = `[{"OBJECT_NAME":"CALSPHERE 1","OBJECT_ID":"1964-063C","EPOCH":"2026-07-10T03:44:00.383136","MEAN_MOTION":13.76647064,"ECCENTRICITY":0.00234977,"INCLINATION":90.2216,"RA_OF_ASC_NODE":72.3098,"ARG_OF_PERICENTER":220.5925,"MEAN_ANOMALY":303.3745,"EPHEMERIS_TYPE":0,"CLASSIFICATION_TYPE":"U","NORAD_CAT_ID":900,"ELEMENT_SET_NO":999,"REV_AT_EPOCH":7458,"BSTAR":0.00040393571,"MEAN_MOTION_DOT":4.06e-6,"MEAN_MOTION_DDOT":0}]`;

const EXPECTED = {
  norad: 900,
  name: 'CALSPHERE 1',
  cosparId: '1964-063C',
  classification: 'U',
  epoch: Date.UTC(2026, 6, 10, 3, 44, 0) + 383.136,
  meanMotion: 13.76647064,
  eccentricity: 0.00234977,
  inclination: 90.2216,
  raan: 72.3098,
  argPerigee: 220.5925,
  meanAnomaly: 303.3745,
  bstar: 0.40393571e-3,
  meanMotionDot: 0.406e-5,
  meanMotionDdot: 0,
  elementSetNo: 999,
  revAtEpoch: 7458,
  ephemerisType: 0,
};

describe('OMM readers', () => {
  it('read the same object identically from KVN, XML, JSON and CSV', () => {
    for (const result of [parseOmmKvn(KVN), parseOmmXml(XML), parseOmmJson(JSON_NUMBERS), parseOmmCsv(`${CSV_HEADER}\n${CSV_ROW}\n`)]) {
      expect(result.rejected).toEqual([]);
      expect(result.sets).toHaveLength(1);
      expect(result.sets[0]).toEqual(EXPECTED);
    }
  });

  it('read a JSON −0 as +0, as the TLE and text readers do', () => {
    const json = JSON_NUMBERS.replace('"INCLINATION":90.2216', '"INCLINATION":-0.0').replace('"MEAN_MOTION_DDOT":0', '"MEAN_MOTION_DDOT":-0');
    const { sets } = parseOmmJson(json);
    expect(Object.is(sets[0]!.inclination, 0)).toBe(true);
    expect(Object.is(sets[0]!.meanMotionDdot, 0)).toBe(true);
  });

  it('reads Space-Track JSON, where every value is a string', () => {
    // Space-Track gp class record for the ISS (2020-12-13), keys as the API returns them.
    const json = `{"CCSDS_OMM_VERS":"2.0","COMMENT":"GENERATED VIA SPACE-TRACK.ORG API","OBJECT_NAME":"ISS (ZARYA)","OBJECT_ID":"1998-067A","CENTER_NAME":"EARTH","REF_FRAME":"TEME","TIME_SYSTEM":"UTC","MEAN_ELEMENT_THEORY":"SGP4","EPOCH":"2020-12-13T16:36:04.502592","MEAN_MOTION":"15.49181153","ECCENTRICITY":"0.00017790","INCLINATION":"51.6444","RA_OF_ASC_NODE":"180.2777","ARG_OF_PERICENTER":"128.5985","MEAN_ANOMALY":"350.1361","EPHEMERIS_TYPE":"0","CLASSIFICATION_TYPE":"U","NORAD_CAT_ID":"25544","ELEMENT_SET_NO":"999","REV_AT_EPOCH":"25984","BSTAR":"0.00002412400000","MEAN_MOTION_DOT":"0.00000888","MEAN_MOTION_DDOT":"0.0000000000000","SEMIMAJOR_AXIS":"6797.257","DECAY_DATE":null}`;
    const { sets, rejected } = parseOmmJson(json);
    expect(rejected).toEqual([]);
    expect(sets[0]).toMatchObject({ norad: 25544, name: 'ISS (ZARYA)', cosparId: '1998-067A', bstar: 0.000024124, revAtEpoch: 25984 });
  });

  it('reject a bad record with its line and reason and keep the others (each format)', () => {
    const badCsv = CSV_ROW.replace('90.2216', '190.2216').replace(',900,', ',901,');
    const csv = parseOmmCsv(`${CSV_HEADER}\n${CSV_ROW}\n${badCsv}\n\n${CSV_ROW.replace(',900,', ',902,')}\n`);
    expect(csv.sets.map((s) => s.norad)).toEqual([900, 902]);
    expect(csv.rejected).toEqual([{ line: 3, norad: '901', reason: 'inclination 190.2216° is outside 0–180°' }]);

    const kvn = parseOmmKvn(`${KVN}\n${KVN.replace('NORAD_CAT_ID = 900', 'NORAD_CAT_ID = 901').replace('EPOCH = 2026-07-10', 'EPOCH = 2026-02-30')}${KVN}`);
    expect(kvn.sets).toHaveLength(2);
    expect(kvn.rejected).toEqual([{ line: 27, norad: '901', reason: "EPOCH '2026-02-30T03:44:00.383136' is not a UTC date-time" }]);

    const xml = parseOmmXml(XML.replace('</omm>', `</omm>\n${XML.slice(XML.indexOf('<omm'), XML.indexOf('</ndm>')).replace('<BSTAR>.40393571E-3</BSTAR>', '')}`));
    expect(xml.sets).toHaveLength(1);
    expect(xml.rejected).toEqual([{ line: 38, norad: '900', reason: 'BSTAR is missing' }]);

    const oneLine = JSON.parse(JSON_NUMBERS)[0];
    const json = parseOmmJson(
      ['[', JSON.stringify(oneLine) + ',', JSON.stringify({ ...oneLine, NORAD_CAT_ID: 901, ECCENTRICITY: 1.2 }) + ',', '{"NORAD_CAT_ID": 902, oops},', JSON.stringify(oneLine), ']'].join('\n'),
    );
    expect(json.sets).toHaveLength(2);
    expect(json.rejected.map((r) => [r.line, r.norad, r.reason.slice(0, 30)])).toEqual([
      [3, '901', 'eccentricity 1.2 is outside [0'],
      [4, undefined, 'not valid JSON: Expected doubl'],
    ]);
  });

  it('strip KVN units from numbers but not brackets from names', () => {
    const { sets } = parseOmmKvn(KVN.replace('OBJECT_NAME = CALSPHERE 1', 'OBJECT_NAME = CALSPHERE [1]'));
    expect(sets[0]).toMatchObject({ name: 'CALSPHERE [1]', meanMotion: 13.76647064, bstar: 0.40393571e-3 });
  });

  it('refuse elements that are not SGP4 mean elements in TEME/UTC', () => {
    expect(parseOmmKvn(KVN.replace('REF_FRAME = TEME', 'REF_FRAME = GCRF')).rejected[0]!.reason).toBe(
      "REF_FRAME is 'GCRF', expected TEME for SGP4 elements",
    );
    expect(parseOmmKvn(KVN.replace('MEAN_ELEMENT_THEORY = SGP4', 'MEAN_ELEMENT_THEORY = DSST')).rejected[0]!.reason).toContain('MEAN_ELEMENT_THEORY');
  });

  it('keep reading a truncated JSON download up to the damaged record', () => {
    const truncated = `[${JSON_NUMBERS.slice(1, -1)},${JSON_NUMBERS.slice(1, 60)}`;
    const { sets, rejected } = parseOmmJson(truncated);
    expect(sets).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toMatch(/^not valid JSON/);
  });

  it('report malformed XML at its line', () => {
    const { sets, rejected } = parseOmmXml(XML.replace('</meanElements>', '</meanElement>'));
    expect(sets).toEqual([]);
    expect(rejected[0]!.line).toBe(24);
    expect(rejected[0]!.reason).toContain('expected </meanElements>');
  });

  it('read quoted CSV fields', () => {
    const row = CSV_ROW.replace('CALSPHERE 1', '"CALSPHERE ""1"", A, B"');
    expect(parseOmmCsv(`${CSV_HEADER}\r\n${row}\r\n`).sets[0]!.name).toBe('CALSPHERE "1", A, B');
  });
});

describe('format sniffing', () => {
  it('recognises each format and parses through one entry point', () => {
    const tle = '1 00005U 58002B   23282.54072583  .00000274  00000-0  37082-3 0  9997\n2 00005  34.2426 102.8218 1844295  34.3480 336.3609 10.85092911336586\n';
    expect(detectElementFormat(tle)).toBe('tle');
    expect(detectElementFormat(`0 VANGUARD 1\n${tle}`)).toBe('tle');
    expect(detectElementFormat(`VANGUARD 1\n${tle}`)).toBe('tle');
    expect(detectElementFormat(KVN)).toBe('omm-kvn');
    expect(detectElementFormat(`\uFEFF${XML}`)).toBe('omm-xml');
    expect(detectElementFormat(`  \n${JSON_NUMBERS}`)).toBe('omm-json');
    expect(detectElementFormat(`${CSV_HEADER}\n${CSV_ROW}`)).toBe('omm-csv');
    for (const [text, format] of [
      [KVN, 'omm-kvn'],
      [XML, 'omm-xml'],
      [JSON_NUMBERS, 'omm-json'],
      [`${CSV_HEADER}\n${CSV_ROW}`, 'omm-csv'],
    ] as const) {
      const result = parseElementSets(text);
      expect(result.format).toBe(format);
      expect(result.sets[0]).toEqual(EXPECTED);
    }
    expect(parseElementSets(tle).sets[0]!.norad).toBe(5);
  });
});
