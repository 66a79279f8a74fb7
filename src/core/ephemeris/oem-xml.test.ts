/**
 * The OEM XML reader (oem-xml.ts) and readOemAny (oem-read.ts):
 *  - Orekit's XML example (CS-SI/Orekit OEMExample3.xml in ./fixtures, Apache-2.0, the ndmxml OEM of
 *    CCSDS 505.0) reads with the values it prints, each covariance element where its name (CY_X, …,
 *    CZ_DOT_Z_DOT) puts it;
 *  - XML and KVN of the same content read into equal structures: Orekit's XML beside a KVN transcription
 *    of it, Orekit's KVN OEMExample3.txt (last segment, two covariance matrices) beside an XML
 *    transcription of it, and the hand-written Earth pair of oem-fixtures.test-support.ts;
 *  - refusals name the line of the offending element.
 */
import { describe, expect, it } from 'vitest';
import { OemError } from './oem-model.ts';
import { readOem } from './oem.ts';
import { EARTH_KVN, EARTH_XML, fixture } from './oem-fixtures.test-support.ts';
import { detectOemFormat, readOemAny } from './oem-read.ts';
import { readOemXml } from './oem-xml.ts';

/** OEMExample3.xml transcribed into KVN by hand (502.0-B-3 §5 layout; one line per <stateVector>, one row per covariance line). */
const OREKIT_XML_AS_KVN = `CCSDS_OEM_VERS = 3.0
COMMENT OEM WITH OPTIONAL ACCELERATIONS
CREATION_DATE = 1996-11-04T17:22:31
ORIGINATOR = NASA/JPL
MESSAGE_ID = OEM 201113719185
META_START
OBJECT_NAME = MARS GLOBAL SURVEYOR
OBJECT_ID = 2000-028A
CENTER_NAME = MARS BARYCENTER
REF_FRAME = J2000
TIME_SYSTEM = UTC
START_TIME = 1996-12-18T12:00:00.331
USEABLE_START_TIME = 1996-12-18T12:10:00.331
USEABLE_STOP_TIME = 1996-12-28T21:23:00.331
STOP_TIME = 1996-12-28T21:28:00.331
INTERPOLATION = HERMITE
INTERPOLATION_DEGREE = 7
META_STOP
COMMENT Produced by M.R. Sombedody, MSOO NAV/JPL, 1996 OCT 11.  It is
COMMENT to be used for DSN scheduling purposes only.
1996-12-18T12:00:00.331 2789.6 -280.0 -1746.8 4.73 -2.50 -1.04 0.008 0.001 -0.159
1996-12-18T12:01:00.331 2783.4 -308.1 -1877.1 5.19 -2.42 -2.00 0.008 0.001 0.001
1996-12-18T12:02:00.331 2776.0 -336.9 -2008.7 5.64 -2.34 -1.95 0.008 0.001 0.159
1996-12-28T21:28:00.331 -3881.0 564.0 -682.8 -3.29 -3.67 1.64 -0.003 0.000 0.000
COVARIANCE_START
EPOCH = 1996-12-28T22:28:00.331
COV_REF_FRAME = ITRF1997
0.316
0.722 0.518
0.202 0.715 0.002
0.912 0.306 0.276 0.797
0.562 0.899 0.022 0.079 0.415
0.245 0.965 0.950 0.435 0.621 0.991
COVARIANCE_STOP
`;

const cov = (names: readonly string[], values: readonly string[]) => names.map((n, k) => `<${n}>${values[k]}</${n}>`).join('');
const COV_NAMES = ['CX_X', 'CY_X', 'CY_Y', 'CZ_X', 'CZ_Y', 'CZ_Z', 'CX_DOT_X', 'CX_DOT_Y', 'CX_DOT_Z', 'CX_DOT_X_DOT', 'CY_DOT_X', 'CY_DOT_Y', 'CY_DOT_Z', 'CY_DOT_X_DOT', 'CY_DOT_Y_DOT', 'CZ_DOT_X', 'CZ_DOT_Y', 'CZ_DOT_Z', 'CZ_DOT_X_DOT', 'CZ_DOT_Y_DOT', 'CZ_DOT_Z_DOT'];

/** The last segment of OEMExample3.txt (with its header) transcribed into XML by hand, after the 505.0 OEM schema. */
const OREKIT_KVN_SEGMENT_AS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<ndm xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<oem id="CCSDS_OEM_VERS" version="3.0">
  <header>
    <COMMENT>Copy of OEMExample.txt with changes so that interpolation will work.</COMMENT>
    <CREATION_DATE>1996-11-04T17:22:31</CREATION_DATE>
    <ORIGINATOR>NASA/JPL</ORIGINATOR>
    <MESSAGE_ID>OEM 201113719185</MESSAGE_ID>
  </header>
  <body>
    <segment>
      <metadata>
        <COMMENT>comment</COMMENT>
        <OBJECT_NAME>MARS GLOBAL SURVEYOR</OBJECT_NAME>
        <OBJECT_ID>1996-062A</OBJECT_ID>
        <CENTER_NAME>MARS BARYCENTER</CENTER_NAME>
        <REF_FRAME>EME2000</REF_FRAME>
        <TIME_SYSTEM>UTC</TIME_SYSTEM>
        <START_TIME>1996-12-28T21:29:07.267</START_TIME>
        <USEABLE_START_TIME>1996-12-28T21:29:07.267</USEABLE_START_TIME>
        <USEABLE_STOP_TIME>1996-12-30T01:18:02.5</USEABLE_STOP_TIME>
        <STOP_TIME>1996-12-30T01:28:02.267</STOP_TIME>
        <INTERPOLATION>HERMITE</INTERPOLATION>
        <INTERPOLATION_DEGREE>2</INTERPOLATION_DEGREE>
      </metadata>
      <data>
        <COMMENT>This block begins after trajectory correction maneuver TCM-3.</COMMENT>
        <stateVector><EPOCH>1996-12-28T21:29:07.267</EPOCH><X units="km">-2432.166</X><Y>-063.042</Y><Z>1742.754</Z><X_DOT units="km/s">7.33702</X_DOT><Y_DOT>-3.495867</Y_DOT><Z_DOT>-1.041945</Z_DOT></stateVector>
        <stateVector><EPOCH>1996-12-28T21:59:02.267</EPOCH><X>-2445.234</X><Y>-878.141</Y><Z>1873.073</Z><X_DOT>1.86043</X_DOT><Y_DOT>-3.421256</Y_DOT><Z_DOT>-0.996366</Z_DOT></stateVector>
        <stateVector><EPOCH>1996-12-28T22:00:02.267</EPOCH><X>-2458.079</X><Y>-683.858</Y><Z>2007.684</Z><X_DOT>6.36786</X_DOT><Y_DOT>-3.339563</Y_DOT><Z_DOT>-0.946654</Z_DOT></stateVector>
        <covarianceMatrix>
          <EPOCH>1996-12-28T21:29:07.267</EPOCH>
          <COV_REF_FRAME>RTN</COV_REF_FRAME>
          ${cov(COV_NAMES, '3.3313494e-04 4.6189273e-04 6.7824216e-04 -3.0700078e-04 -4.2212341e-04 3.2319319e-04 -3.3493650e-07 -4.6860842e-07 2.4849495e-07 4.2960228e-10 -2.2118325e-07 -2.8641868e-07 1.7980986e-07 2.6088992e-10 1.7675147e-10 -3.0413460e-07 -4.9894969e-07 3.5403109e-07 1.8692631e-10 1.0088625e-10 6.2244443e-10'.split(' '))}
        </covarianceMatrix>
        <covarianceMatrix>
          <EPOCH>1996-12-29T21:00:00</EPOCH>
          <COV_REF_FRAME>EME2000</COV_REF_FRAME>
          ${cov(COV_NAMES, '3.4424505e-04 4.5078162e-04 6.8935327e-04 -3.0600067e-04 -4.1101230e-04 3.3420420e-04 -3.2382549e-07 -4.5750731e-07 2.3738384e-07 4.3071339e-10 -2.1007214e-07 -2.7530757e-07 1.6870875e-07 2.5077881e-10 1.8786258e-10 -3.0302350e-07 -4.8783858e-07 3.4302008e-07 1.7581520e-10 1.0077514e-10 6.2244443e-10'.split(' '))}
        </covarianceMatrix>
      </data>
    </segment>
  </body>
</oem>
</ndm>
`;

/** The OemError readOemXml throws for `text`. */
function refusal(text: string): OemError {
  try {
    readOemXml(text);
  } catch (error) {
    if (error instanceof OemError) return error;
    throw error;
  }
  throw new Error('the message was read');
}

describe('readOemXml', () => {
  it("reads Orekit's XML example: header, metadata, states with accelerations, the covariance elements where their names put them", () => {
    const oem = readOemXml(fixture('orekit-OEMExample3.xml'), { strict: false });
    expect(oem.header).toEqual({ version: '3.0', creationDate: '1996-11-04T17:22:31', originator: 'NASA/JPL', messageId: 'OEM 201113719185', comments: ['OEM WITH OPTIONAL ACCELERATIONS'] });
    const [segment] = oem.segments;
    expect(segment!.metadata).toMatchObject({ OBJECT_ID: '2000-028A', REF_FRAME: 'J2000', INTERPOLATION: 'HERMITE', INTERPOLATION_DEGREE: '7' });
    expect(segment!.comments).toEqual(['Produced by M.R. Sombedody, MSOO NAV/JPL, 1996 OCT 11.  It is', 'to be used for DSN scheduling purposes only.']);
    expect(segment!.states).toHaveLength(4);
    expect(segment!.states[2]).toEqual({ epoch: Date.parse('1996-12-18T12:02:00.331Z'), r: [2776.0, -336.9, -2008.7], v: [5.64, -2.34, -1.95], a: [0.008, 0.001, 0.159] });
    const [c] = segment!.covarianceMatrices;
    expect(c!.epoch).toBe(Date.parse('1996-12-28T22:28:00.331Z'));
    expect(c!.frame).toBe('ITRF1997');
    const m = c!.matrix;
    expect([m[0]![0], m[1]![0], m[0]![1], m[1]![1], m[2]![0], m[2]![1], m[2]![2]]).toEqual([0.316, 0.722, 0.722, 0.518, 0.202, 0.715, 0.002]); // CX_X, CY_X (both sides), CY_Y, CZ_X, CZ_Y, CZ_Z
    expect(m[3]).toEqual([0.912, 0.306, 0.276, 0.797, 0.079, 0.435]); // CX_DOT_X … CX_DOT_X_DOT, then CY_DOT_X_DOT, CZ_DOT_X_DOT above the diagonal
    expect(m[5]).toEqual([0.245, 0.965, 0.95, 0.435, 0.621, 0.991]); // CZ_DOT_X … CZ_DOT_Z_DOT
  });

  it("reads the same structure as the KVN reader: Orekit's XML and a KVN transcription of it", () => {
    expect(readOemXml(fixture('orekit-OEMExample3.xml'), { strict: false })).toEqual(readOem(OREKIT_XML_AS_KVN, { strict: false }));
  });

  it("reads the same structure as the KVN reader: Orekit's KVN (last segment, RTN and EME2000 covariances) and an XML transcription in an <ndm>", () => {
    const kvn = readOem(fixture('orekit-OEMExample3.txt'), { strict: false });
    const xml = readOemXml(OREKIT_KVN_SEGMENT_AS_XML, { strict: false });
    expect(xml).toEqual({ header: kvn.header, segments: [kvn.segments[2]] });
  });

  it('reads the same structure as the KVN reader under the strict checks: the Earth pair', () => {
    const xml = readOemXml(EARTH_XML);
    expect(xml).toEqual(readOem(EARTH_KVN));
    expect(xml.segments[0]!.covarianceMatrices[0]!.matrix[5]).toEqual([16, 17, 18, 19, 20, 21]);
  });

  it('readOemAny tells the formats apart and reads both alike', () => {
    expect([detectOemFormat(EARTH_KVN), detectOemFormat(EARTH_XML), detectOemFormat(`\uFEFF  \n${EARTH_XML}`)]).toEqual(['KVN', 'XML', 'XML']);
    expect(readOemAny(EARTH_XML)).toEqual(readOemAny(`\uFEFF${EARTH_KVN}`));
    expect(() => readOemAny(fixture('orekit-OEMExample3.xml'))).toThrow('line 17: CENTER_NAME MARS BARYCENTER is not supported');
  });

  it.each([
    ['an unsupported frame, on its element', EARTH_XML.replace('<REF_FRAME>GCRF</REF_FRAME>', '<REF_FRAME>ICRF</REF_FRAME>'), 9, 'REF_FRAME ICRF is not supported: use one of TEME, EME2000, GCRF'],
    ['another time system', EARTH_XML.replace('<TIME_SYSTEM>UTC</TIME_SYSTEM>', '<TIME_SYSTEM>GPS</TIME_SYSTEM>'), 10, 'TIME_SYSTEM GPS is not supported'],
    ['a repeated epoch, on its <stateVector>', EARTH_XML.replace('<EPOCH>2026-03-01T00:02:00</EPOCH>', '<EPOCH>2026-03-01T00:01:00</EPOCH>'), 35, 'the epoch repeats the one on line 26'],
    ['a <stateVector> lacking Z_DOT', EARTH_XML.replace('<Z_DOT units="km/s">5.9646</Z_DOT>', ''), 44, '<stateVector> lacks <Z_DOT>'],
    ['a covariance matrix lacking elements (cut short)', EARTH_XML.replace(/<CZ_DOT_Y_DOT>20<\/CZ_DOT_Y_DOT><CZ_DOT_Z_DOT>21<\/CZ_DOT_Z_DOT>/, ''), 62, '<covarianceMatrix> has 19 of its 21 elements: it lacks <CZ_DOT_Y_DOT>, <CZ_DOT_Z_DOT>'],
    ['a TNW covariance, on its COV_REF_FRAME', EARTH_XML.replace('<COV_REF_FRAME>RTN</COV_REF_FRAME>', '<COV_REF_FRAME>TNW</COV_REF_FRAME>'), 64, 'COV_REF_FRAME TNW is not supported'],
    ['a value in metres', EARTH_XML.replace('<Z units="km">1083.011</Z>', '<Z units="m">1083011</Z>'), 48, "<Z> is in 'm': the OEM gives it in km"],
    ['a covariance in m²', EARTH_XML.replace('<CX_X units="km**2">1</CX_X>', '<CX_X units="m**2">1e6</CX_X>'), 65, "<CX_X> is in 'm**2': the OEM gives it in km**2"],
    ['a word for a number', EARTH_XML.replace('<Y>573.816</Y>', '<Y>five</Y>'), 38, "'five' is not a number"],
    ['an element the schema does not have', EARTH_XML.replace('<X>6691.346</X>', '<X>6691.346</X><W>1</W>'), 46, '<W> is not allowed in <stateVector>'],
    ['too few states for the degree', EARTH_XML.replace('<INTERPOLATION_DEGREE>3</INTERPOLATION_DEGREE>', '<INTERPOLATION_DEGREE>7</INTERPOLATION_DEGREE>'), 14, 'INTERPOLATION_DEGREE 7 needs at least 8 data lines, the segment has 5'],
    ['a truncated file', EARTH_XML.slice(0, EARTH_XML.indexOf('<covarianceMatrix>')), 62, 'not well-formed XML: <data> opened on line 16 is never closed'],
    ['a missing version', EARTH_XML.replace(' version="3.0"', ''), 2, 'CCSDS_OEM_VERS is missing'],
    ['two messages in one <ndm>', `<ndm>${EARTH_XML.replace(/<\?xml[^>]*>/, '')}${EARTH_XML.replace(/<\?xml[^>]*>/, '')}</ndm>`, 76, '<ndm> holds 2 <oem> messages: send one per file'],
  ])('refuses %s, naming the line', (_, text, line, message) => {
    const error = refusal(text);
    expect(error.line).toBe(line);
    expect(error.message).toContain(`line ${line}: ${message}`);
  });
});
