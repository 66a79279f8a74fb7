import { describe, expect, it } from 'vitest';
import { CdmError } from './cdm-error.ts';
import { readCdmKvn } from './kvn-read.ts';
import { writeCdmKvn } from './kvn-write.ts';
import { readCdm } from './read.ts';
import { readCdmXml } from './xml-read.ts';
import { writeCdmXml } from './xml-write.ts';

const KVN = `CCSDS_CDM_VERS = 1.0
CREATION_DATE = 2024-01-01T00:00:00
ORIGINATOR = TEST
MESSAGE_ID = M-1
TCA = 2024-01-02T03:04:05.678
MISS_DISTANCE = 100 [m]
RELATIVE_SPEED = 15000 [m/s]
RELATIVE_POSITION_R = 1 [m]
RELATIVE_POSITION_T = 2 [m]
RELATIVE_POSITION_N = 3 [m]
RELATIVE_VELOCITY_R = 4 [m/s]
RELATIVE_VELOCITY_T = 5 [m/s]
RELATIVE_VELOCITY_N = 6 [m/s]
${[1, 2]
  .map(
    (n) => `OBJECT = OBJECT${n}
OBJECT_DESIGNATOR = ${n}
CATALOG_NAME = SATCAT
OBJECT_NAME = SAT & <${n}>
INTERNATIONAL_DESIGNATOR = UNKNOWN
EPHEMERIS_NAME = NONE
COVARIANCE_METHOD = DEFAULT
MANEUVERABLE = NO
REF_FRAME = GCRF
X = 7000 [km]
Y = ${n} [km]
Z = 0 [km]
X_DOT = 0 [km/s]
Y_DOT = 7.5 [km/s]
Z_DOT = ${n} [km/s]
${['CR_R', 'CT_R', 'CT_T', 'CN_R', 'CN_T', 'CN_N'].map((k) => `${k} = ${k === 'CR_R' || k === 'CT_T' || k === 'CN_N' ? 100 : 1} [m**2]`).join('\n')}
${['CRDOT_R', 'CRDOT_T', 'CRDOT_N', 'CTDOT_R', 'CTDOT_T', 'CTDOT_N', 'CNDOT_R', 'CNDOT_T', 'CNDOT_N'].map((k) => `${k} = 0 [m**2/s]`).join('\n')}
${['CRDOT_RDOT', 'CTDOT_RDOT', 'CTDOT_TDOT', 'CNDOT_RDOT', 'CNDOT_TDOT', 'CNDOT_NDOT'].map((k) => `${k} = ${k.startsWith('CRDOT_R') || k === 'CTDOT_TDOT' || k === 'CNDOT_NDOT' ? 0.01 : 0} [m**2/s**2]`).join('\n')}`,
  )
  .join('\n')}
`;

function failure(text: string): CdmError {
  try {
    readCdmXml(text);
  } catch (error) {
    if (error instanceof CdmError) return error;
    throw error;
  }
  throw new Error('expected a CdmError');
}

describe('XML CDM reader', () => {
  const cdm = readCdmKvn(KVN);
  const xml = writeCdmXml(cdm);

  it('reads what the writer writes, escaping text, and detects the form', () => {
    expect(xml).toContain('<OBJECT_NAME>SAT &amp; &lt;1&gt;</OBJECT_NAME>');
    expect(xml).toContain('<relativeStateVector>');
    expect(readCdm(xml)).toEqual(cdm);
    expect(cdm.object1.metadata.objectName).toBe('SAT & <1>');
  });

  it('reads namespace-qualified elements (508.0-B-1 Technical Corrigendum 2) and a <cdm> inside an <ndm>', () => {
    const qualified = xml
      .replace(/<(\/?)([A-Za-z_]+)([ >])/g, (m, slash: string, name: string, end: string) => (name === 'cdm' ? m : `<${slash}ndm:${name}${end}`))
      .replace('<cdm ', '<cdm xmlns:ndm="urn:ccsds:schema:ndmxml" ');
    expect(qualified).toContain('<ndm:TCA>');
    expect(readCdmXml(qualified)).toEqual(cdm);
    const wrapped = `<ndm>${xml.replace(/^<\?xml[^>]*>/, '')}</ndm>`;
    expect(readCdmXml(wrapped)).toEqual(cdm);
  });

  it('names the line and element of every fault', () => {
    const lineOf = (needle: string) => xml.slice(0, xml.indexOf(needle)).split('\n').length;
    const cases: [string, number | undefined, string | undefined, RegExp][] = [
      [xml.replace('</TCA>', '</TCA_X>'), lineOf('<TCA>'), undefined, /not well-formed XML: expected <\/TCA>/],
      [xml.replace('<TCA>', '<TCA_TIME>').replace('</TCA>', '</TCA_TIME>'), lineOf('<TCA>'), 'TCA_TIME', /not a keyword of the relative metadata\/data/],
      [xml.replace('<MISS_DISTANCE units="m">100<', '<MISS_DISTANCE units="km">0.1<'), lineOf('<MISS_DISTANCE'), 'MISS_DISTANCE', /is in \[km\], 508\.0-B-1 requires \[m\]/],
      [xml.replace('<stateVector>', '<stateVektor>').replace('</stateVector>', '</stateVektor>'), lineOf('<stateVector>'), 'stateVektor', /not allowed in <data>/],
      [xml.replace(/<segment>[\s\S]*?<\/segment>/, ''), lineOf('<body>'), 'segment', /must hold 2 <segment>, found 1/],
      [xml.replace('" version="1.0">', '">'), 2, 'CCSDS_CDM_VERS', /no version attribute/],
      [xml.replace('id="CCSDS_CDM_VERS"', 'id="CCSDS_OPM_VERS"'), 2, 'id', /must be CCSDS_CDM_VERS/],
      [xml.replace('<X units="km">7000</X>', '<X units="km"><v>7000</v></X>'), lineOf('<X '), 'X', /not allowed in <stateVector>/],
      [xml.replace('<OBJECT>OBJECT1</OBJECT>', '<OBJECT>OBJECT2</OBJECT>'), lineOf('<OBJECT>'), 'OBJECT', /is OBJECT2 where OBJECT1 belongs/],
      [xml.replace('<Y_DOT units="km/s">7.5</Y_DOT>', '<Y_DOT units="km/s">fast</Y_DOT>'), lineOf('<Y_DOT'), 'Y_DOT', /'fast' is not a number/],
      ['<omm/>', 1, undefined, /no <cdm> element in <omm>/],
    ];
    for (const [text, line, keyword, message] of cases) {
      const error = failure(text);
      expect(error.message).toMatch(message);
      expect(error.keyword, error.message).toBe(keyword);
      expect(error.line, error.message).toBe(line);
    }
  });

  it('writes a multi-line XML comment as one KVN COMMENT line per line (§6.3.4)', () => {
    const multi = readCdmXml(xml.replace('<header>', '<header>\n    <COMMENT>first\n  second</COMMENT>'));
    expect(multi.header.comments).toEqual(['first\n  second']);
    expect(writeCdmKvn(multi)).toContain('COMMENT first\nCOMMENT second\n');
    expect(readCdmKvn(writeCdmKvn(multi)).header.comments).toEqual(['first', 'second']);
  });

  it('cannot write a relative state vector with only some components in XML', () => {
    const partial = { ...cdm, relative: { ...cdm.relative, relativeVelocityRtnMPerS: undefined } };
    expect(() => writeCdmXml(partial)).toThrow(/all six relative position and velocity components/);
  });
});
