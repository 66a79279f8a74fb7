/**
 * readCdmFile (read-file.ts) on files as operators receive them: many KVN messages in one file, XML
 * documents and <ndm> wrappers, Space-Track JSON, and files that are no CDM at all. The CDMs are the
 * real ones vendored in tests/reference/cdm (see its README.md), read at test time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { estimateFromCdm } from './message-estimate.ts';
import { detectCdmFormat, readCdm } from './read.ts';
import { readCdmFile } from './read-file.ts';
import { SPACE_TRACK } from './space-track-json.ts';
import { readCdmXml } from './xml-read.ts';
import { CARA_CDM_DIR as CARA_DIR, CDM_DIR as DIR } from '../../../tests/reference/index.ts';

const CARA = 'cara_000025994_conj_000037558_20210324_151047_20210323_154356.cdm';
const read = (name: string) => readFileSync(`${DIR}${name}`, 'utf8');
const caraFiles = () => readdirSync(CARA_DIR).filter((f) => f.endsWith('.cdm')).sort();
const readCara = (file: string) => readFileSync(`${CARA_DIR}${file}`, 'utf8');
const utc = (text: string) => Date.parse(`${text}Z`);
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
/** The file's own "COMMENT HBR = … [m]" (CARA), read here independently of hard-body-radius.ts. */
const hbrOf = (text: string) => Number(/^COMMENT HBR = ([\d.]+) \[m\]$/m.exec(text)![1]);
/** The two catalogue numbers of a CARA file name, "<object1>_conj_<object2>_…". */
const idsOf = (file: string) => /^(\d+)_conj_(\d+)_/.exec(file)!.slice(1, 3).map(Number);

describe('readCdmFile: KVN files holding many messages (CCSDS 508.0-B-1 §6)', () => {
  it('reads the 27 CARA CDMs concatenated into one text, each at its CCSDS_CDM_VERS line', () => {
    const files = caraFiles();
    expect(files).toHaveLength(27);
    const texts = files.map(readCara);
    const all = texts.join('');
    const { messages, rejected } = readCdmFile(all);
    expect(rejected).toEqual([]);
    expect(messages).toHaveLength(27);
    const fileLines = all.split('\n');
    let line = 1;
    messages.forEach((m, i) => {
      expect(m.index).toBe(i);
      expect(m.format).toBe('kvn');
      expect(m.line).toBe(line);
      expect(fileLines[m.line! - 1]).toMatch(/^CCSDS_CDM_VERS\s+= 1\.0$/);
      expect(m.summary.messageId).toBe(files[i]!.replace(/\.cdm$/, ''));
      expect(m.summary.originator).toBe('CARA');
      expect(m.summary.hbrM).toBe(hbrOf(texts[i]!));
      expect([m.summary.object1.noradId, m.summary.object2.noradId]).toEqual(idsOf(files[i]!));
      expect(m.text).toBe(texts[i]!.trimEnd());
      expect(m.cdm).toEqual(readCdm(texts[i]!));
      line += lineCount(texts[i]!);
    });
    // A few values read off the files themselves.
    const terra = messages.find((m) => m.summary.messageId === '000025994_conj_000037558_20210324_151047_20210323_154356')!;
    expect(terra.summary).toMatchObject({
      tca: utc('2021-03-24T15:10:47.417'),
      creationDate: utc('2021-03-23T15:43:56'),
      missDistanceM: 108,
      relativeSpeedMPerS: 11073,
      collisionProbability: 2.117e-2,
      collisionProbabilityMethod: 'FOSTER-1992',
      hbrM: 15,
    });
    expect(terra.summary.object1).toEqual({ noradId: 25994, designator: '000025994', name: 'TERRA', internationalDesignator: '1999-068A', objectType: null });
    expect(terra.summary.object2).toMatchObject({ noradId: 37558, name: 'IRIDIUM 33 DEB', internationalDesignator: '1997-051XT' });
  });

  it('rejects a truncated message in the middle with its file line and the reader\'s reason, and keeps the other 27', () => {
    const files = caraFiles();
    const texts = files.map(readCara);
    // File 13 cut before its last six lines (Object2's CNDOT_R … CNDOT_NDOT), placed after itself.
    const cutLines = texts[13]!.trimEnd().split('\n').slice(0, -6);
    const cut = `${cutLines.join('\n')}\n`;
    const list = [...texts.slice(0, 14), cut, ...texts.slice(14)];
    const { messages, rejected } = readCdmFile(list.join(''));
    expect(messages).toHaveLength(27);
    expect(messages.map((m) => m.index)).toEqual([...Array(28).keys()].filter((i) => i !== 14));
    expect(messages.map((m) => m.summary.messageId)).toEqual(files.map((f) => f.replace(/\.cdm$/, '')));
    const start = 1 + list.slice(0, 14).reduce((n, t) => n + lineCount(t), 0);
    // decode.ts reports a missing covariance element at the line its block starts on, which kvn-read.ts sets to the
    // object's OBJECT line for every block of the object (emptyObject(lineNo)): here OBJECT = OBJECT2.
    const object2 = cutLines.findIndex((l) => /^OBJECT\s+= OBJECT2$/.test(l));
    expect(object2).toBeGreaterThan(0);
    expect(rejected).toEqual([
      {
        index: 14,
        line: start + object2,
        messageId: files[13]!.replace(/\.cdm$/, ''),
        reason: expect.stringMatching(/^CNDOT_R: obligatory keyword is missing from the Object2 covariance \(CCSDS 508\.0-B-1 Table 3-4\)$/),
      },
    ]);
    expect(rejected[0]!.line).toBeGreaterThan(start);
    expect(rejected[0]!.line).toBeLessThan(start + cutLines.length);
    expect(messages[14]!.line).toBe(start + cutLines.length);
  });

  it('rejects a last message cut before OBJECT2 at its CCSDS_CDM_VERS line; text before the first message is rejected too', () => {
    const [a, b] = caraFiles().map(readCara);
    const cut = a!.split('\n').slice(0, 60).join('\n');
    const text = `junk line\n${a}${b}${cut}\n`;
    const { messages, rejected } = readCdmFile(text);
    expect(messages.map((m) => [m.index, m.line])).toEqual([
      [0, 2],
      [1, 2 + lineCount(a!)],
    ]);
    expect(rejected).toEqual([
      { index: null, line: 1, messageId: null, reason: expect.stringMatching(/^'junk line' comes before the first CCSDS_CDM_VERS line/) },
      { index: 2, line: 2 + lineCount(a!) + lineCount(b!), messageId: messages[0]!.summary.messageId, reason: expect.stringMatching(/^OBJECT: a CDM describes two objects .* found 1$/) },
    ]);
  });

  it('takes a byte-order mark, CR LF line ends, leading blank lines, and COMMENT lines before a version line', () => {
    const [a, b] = caraFiles().map(readCara);
    const crlf = (t: string) => t.replace(/\n/g, '\r\n');
    const text = `\uFEFF\r\n\r\n${crlf(a!)}\r\nCOMMENT received 2024-01-01\r\n${crlf(b!)}`;
    const { messages, rejected } = readCdmFile(text);
    expect(rejected).toEqual([]);
    expect(messages.map((m) => m.line)).toEqual([3, 3 + lineCount(a!) + 2]);
    expect(messages[0]!.cdm).toEqual(readCdm(a!));
    expect(messages[1]!.text.startsWith('COMMENT received 2024-01-01\r\nCCSDS_CDM_VERS')).toBe(true);
    expect(messages[1]!.cdm!.header.comments).toEqual(['received 2024-01-01']);
    expect(messages[1]!.cdm!.object2).toEqual(readCdm(b!).object2);
  });
});

describe('readCdmFile: the reference samples and their README values', () => {
  it('Orekit CDMExample2 (KVN), CDMExample1 (XML), the CSpOC ITRF sample and the CARA sample', () => {
    const orekitObjects = {
      object1: { noradId: 12345, designator: '12345', name: 'SATELLITE A', internationalDesignator: '1997-030E', objectType: 'PAYLOAD' },
      object2: { noradId: 30337, designator: '30337', name: 'FENGYUN 1C DEB', internationalDesignator: '1999-025AA', objectType: 'DEBRIS' },
    };
    const orekitEvent = { tca: utc('2010-03-13T22:37:52.618'), missDistanceM: 715, relativeSpeedMPerS: 14762, collisionProbability: 4.835e-5, collisionProbabilityMethod: 'FOSTER-1992', hbrM: null, originator: 'JSPOC', ...orekitObjects };
    const kvn = readCdmFile(read('orekit_CDMExample2.txt'));
    expect(kvn.rejected).toEqual([]);
    expect(kvn.messages.map((m) => [m.format, m.line])).toEqual([['kvn', 1]]);
    expect(kvn.messages[0]!.summary).toMatchObject({ ...orekitEvent, messageId: '201113719185' });
    const xml = readCdmFile(read('orekit_CDMExample1.xml'));
    expect(xml.rejected).toEqual([]);
    expect(xml.messages.map((m) => [m.format, m.line])).toEqual([['xml', 2]]);
    expect(xml.messages[0]!.summary).toMatchObject({ ...orekitEvent, messageId: '20111371985' });
    expect(xml.messages[0]!.cdm).toEqual(readCdmXml(read('orekit_CDMExample1.xml')));

    const ion = readCdmFile(read('orekit_ION_SCV8_vs_STARLINK_1233.txt'));
    expect(ion.rejected).toEqual([]);
    expect(ion.messages[0]!.summary).toMatchObject({
      originator: 'CSpOC',
      tca: utc('2023-07-05T20:31:15.893'),
      missDistanceM: 55,
      relativeSpeedMPerS: 14544,
      collisionProbability: 0.004450713,
      collisionProbabilityMethod: 'FOSTER-1992',
      hbrM: null, // README: "Exclusion Volume Radius = 5 m" is not the HBR
      object1: { noradId: 55051, designator: '55051', name: 'ION SCV-008', internationalDesignator: '2023-001AU', objectType: 'PAYLOAD' },
      object2: { noradId: 45214, designator: '45214', name: 'STARLINK-1233', internationalDesignator: '2020-012AN', objectType: 'PAYLOAD' },
    });
    expect(ion.messages[0]!.cdm!.object1.metadata.refFrame).toBe('ITRF');

    const cara = readCdmFile(read(CARA));
    expect(cara.messages[0]!.summary).toMatchObject({ tca: utc('2021-03-24T15:10:47.417'), missDistanceM: 108, relativeSpeedMPerS: 11073, collisionProbability: 2.117e-2, hbrM: 15 });
  });
});

describe('readCdmFile: XML documents, concatenated or in an <ndm> wrapper (508.0-B-1 §4, CCSDS 505.0-B)', () => {
  it('reads two <cdm> elements of an <ndm> wrapper, each a standalone document with the wrapper\'s namespaces, at its line', () => {
    const original = read('orekit_CDMExample1.xml');
    const element = original.replace(/^<\?xml[^>]*>\s*/, '');
    const bare = element.replace(' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"', '');
    expect(bare).not.toContain('xmlns:xsi');
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<ndm xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n<!-- <cdm> in a comment is no message -->\n${bare}\n${element}\n</ndm>\n`;
    const cdmLines = text.split('\n').flatMap((l, i) => (l.startsWith('<cdm') ? [i + 1] : []));
    expect(cdmLines).toHaveLength(2);
    const { messages, rejected } = readCdmFile(text);
    expect(rejected).toEqual([]);
    expect(messages.map((m) => [m.index, m.format, m.line])).toEqual([
      [0, 'xml', cdmLines[0]],
      [1, 'xml', cdmLines[1]],
    ]);
    const expected = readCdmXml(original);
    for (const m of messages) {
      expect(m.text).toMatch(/^<cdm xmlns:xsi="http:\/\/www\.w3\.org\/2001\/XMLSchema-instance"[\s\S]*<\/cdm>$/);
      expect(readCdmXml(m.text)).toEqual(expected);
      expect(m.cdm).toEqual(expected);
      expect(m.summary.messageId).toBe('20111371985');
    }
    expect(messages[1]!.text).toBe(element.trimEnd());
  });

  it('reads concatenated <cdm> documents and rejects a faulty one with its file line', () => {
    const original = read('orekit_CDMExample1.xml');
    const faulty = original.replace('<MISS_DISTANCE units="m">715</MISS_DISTANCE>', '<MISS_DISTANCE units="km">0.715</MISS_DISTANCE>');
    const text = `${original}\n${faulty}\n${original}`;
    const lines = text.split('\n');
    const cdmLines = lines.flatMap((l, i) => (l.startsWith('<cdm') ? [i + 1] : []));
    expect(cdmLines).toHaveLength(3);
    const { messages, rejected } = readCdmFile(text);
    expect(messages.map((m) => [m.index, m.line])).toEqual([
      [0, cdmLines[0]],
      [2, cdmLines[2]],
    ]);
    expect(messages[1]!.cdm).toEqual(readCdmXml(original));
    const badLine = lines.findIndex((l) => l.startsWith('<MISS_DISTANCE units="km">')) + 1;
    expect(badLine).toBeGreaterThan(cdmLines[1]!);
    expect(rejected).toEqual([{ index: 1, line: badLine, messageId: '20111371985', reason: 'MISS_DISTANCE: is in [km], 508.0-B-1 requires [m]' }]);
  });
});

/**
 * A Space-Track `cdm` class record of the CARA Terra × Iridium 33 debris message, written as Space-Track
 * serves it: field names and forms from OKAPIOrbits/OkapiJavaConnector SpaceTrackCdm.java and its example
 * record (OkapiConnectorTryout.java), and milad665/AstroWatch.SpaceTrack ConjunctionDataMessage.cs (see
 * space-track-json.ts): flat keys, SAT1_/SAT2_ prefixes, strings, units in _UNIT keys, the time without its
 * fraction and the fraction in TCA_FRACTION, comments in COMMENT_… keys, TBA as an object type. Values are
 * the KVN file's; CDM_ID, FILENAME, INSERT_EPOCH, CONSTELLATION and GID are made-up bookkeeping.
 */
const SPACE_TRACK_CDM: Record<string, string | null> = {
    CDM_ID: '261046734', FILENAME: '25994_conj_37558_2021083151047_2021082154356.xml', INSERT_EPOCH: '2021-03-23 16:02:11', CONSTELLATION: 'NASA',
    CCSDS_CDM_VERS: '1.0', CREATION_DATE: '2021-03-23 15:43:56', CREATION_DATE_FRACTION: '0',
    ORIGINATOR: 'CARA', MESSAGE_FOR: 'TERRA', MESSAGE_ID: '000025994_conj_000037558_20210324_151047_20210323_154356',
    TCA: '2021-03-24 15:10:47', TCA_FRACTION: '417', MISS_DISTANCE: '108',
    MISS_DISTANCE_UNIT: 'm', RELATIVE_SPEED: '11073', RELATIVE_SPEED_UNIT: 'm/s',
    RELATIVE_POSITION_R: '-5.5', RELATIVE_POSITION_R_UNIT: 'm', RELATIVE_POSITION_T: '73.7',
    RELATIVE_POSITION_T_UNIT: 'm', RELATIVE_POSITION_N: '-78.2', RELATIVE_POSITION_N_UNIT: 'm',
    RELATIVE_VELOCITY_R: '52.5', RELATIVE_VELOCITY_R_UNIT: 'm/s', RELATIVE_VELOCITY_T: '-8157.0',
    RELATIVE_VELOCITY_T_UNIT: 'm/s', RELATIVE_VELOCITY_N: '-7488.6', RELATIVE_VELOCITY_N_UNIT: 'm/s',
    COMMENT_SCREENING_OPTION: 'SCREENING_OPTION = Covariance', COMMENT_EFFECTIVE_HBR: 'HBR = 15 [m]',
    COLLISION_PROBABILITY: '2.117e-02', COLLISION_PROBABILITY_METHOD: 'FOSTER-1992', SAT1_OBJECT: 'OBJECT1',
    SAT1_OBJECT_DESIGNATOR: '000025994', SAT1_CATALOG_NAME: 'SATCAT', SAT1_OBJECT_NAME: 'TERRA',
    SAT1_INTERNATIONAL_DESIGNATOR: '1999-068A', SAT1_OBJECT_TYPE: 'PAYLOAD', SAT1_EPHEMERIS_NAME: 'NONE', SAT1_COVARIANCE_METHOD: 'CALCULATED',
    SAT1_MANEUVERABLE: 'N/A', SAT1_REF_FRAME: 'EME2000', SAT1_GRAVITY_MODEL: 'EGM-96: 36D 36O',
    SAT1_ATMOSPHERIC_MODEL: 'JBH09', SAT1_N_BODY_PERTURBATIONS: 'MOON,SUN', SAT1_SOLAR_RAD_PRESSURE: 'YES',
    SAT1_EARTH_TIDES: 'YES', SAT1_INTRACK_THRUST: 'NO', SAT1_COMMENT_COVARIANCE_SCALE_FACTOR: 'COVARIANCE_SCALE_FACTOR = 1.000', SAT1_COMMENT_EXCLUSION_VOLUME_RADIUS: 'EXCLUSION_VOLUME_RADIUS = 19 [m]',
    SAT1_RECOMMENDED_OD_SPAN: '3.77',
    SAT1_RECOMMENDED_OD_SPAN_UNIT: 'd', SAT1_ACTUAL_OD_SPAN: '3.77', SAT1_ACTUAL_OD_SPAN_UNIT: 'd',
    SAT1_OBS_AVAILABLE: '461', SAT1_OBS_USED: '458', SAT1_TRACKS_AVAILABLE: '149',
    SAT1_TRACKS_USED: '148', SAT1_RESIDUALS_ACCEPTED: '98.7', SAT1_RESIDUALS_ACCEPTED_UNIT: '%',
    SAT1_WEIGHTED_RMS: '1.322', SAT1_COMMENT_APOGEE: 'Apogee Altitude = 714 [km]', SAT1_CD_AREA_OVER_MASS: '0.023827', SAT1_CD_AREA_OVER_MASS_UNIT: 'm**2/kg',
    SAT1_CR_AREA_OVER_MASS: '0.015946', SAT1_CR_AREA_OVER_MASS_UNIT: 'm**2/kg', SAT1_SEDR: '0.000041',
    SAT1_SEDR_UNIT: 'W/kg', SAT1_X: '3.146975532131119380e+01', SAT1_X_UNIT: 'km',
    SAT1_Y: '1.068529615130502634e+03', SAT1_Y_UNIT: 'km', SAT1_Z: '6.991045229035728880e+03',
    SAT1_Z_UNIT: 'km', SAT1_X_DOT: '7.032447307172804862e+00', SAT1_X_DOT_UNIT: 'km/s',
    SAT1_Y_DOT: '-2.596820803888302720e+00', SAT1_Y_DOT_UNIT: 'km/s', SAT1_Z_DOT: '3.643332059915923571e-01',
    SAT1_Z_DOT_UNIT: 'km/s', SAT1_CR_R: '1.265652366685803010e+01', SAT1_CR_R_UNIT: 'm**2',
    SAT1_CT_R: '-2.584549971465440876e+01', SAT1_CT_R_UNIT: 'm**2', SAT1_CT_T: '5.695035048456583127e+02',
    SAT1_CT_T_UNIT: 'm**2', SAT1_CN_R: '8.830841353112672820e-01', SAT1_CN_R_UNIT: 'm**2',
    SAT1_CN_T: '-8.011494203009111859e-01', SAT1_CN_T_UNIT: 'm**2', SAT1_CN_N: '2.473298153229269047e+00',
    SAT1_CN_N_UNIT: 'm**2', SAT1_CRDOT_R: '2.587969671701851118e-02', SAT1_CRDOT_R_UNIT: 'm**2/s',
    SAT1_CRDOT_T: '-5.947663457917843344e-01', SAT1_CRDOT_T_UNIT: 'm**2/s', SAT1_CRDOT_N: '1.624017164971764066e-03',
    SAT1_CRDOT_N_UNIT: 'm**2/s', SAT1_CRDOT_RDOT: '6.329568632729000530e-04', SAT1_CRDOT_RDOT_UNIT: 'm**2/s**2',
    SAT1_CTDOT_R: '-1.331125850852139976e-02', SAT1_CTDOT_R_UNIT: 'm**2/s', SAT1_CTDOT_T: '2.438571697725185061e-02',
    SAT1_CTDOT_T_UNIT: 'm**2/s', SAT1_CTDOT_N: '-9.304374299377999842e-04', SAT1_CTDOT_N_UNIT: 'm**2/s',
    SAT1_CTDOT_RDOT: '-2.426252818749999939e-05', SAT1_CTDOT_RDOT_UNIT: 'm**2/s**2', SAT1_CTDOT_TDOT: '1.401757834369999920e-05',
    SAT1_CTDOT_TDOT_UNIT: 'm**2/s**2', SAT1_CNDOT_R: '1.163449350681986048e-03', SAT1_CNDOT_R_UNIT: 'm**2/s',
    SAT1_CNDOT_T: '-7.308233145684999571e-04', SAT1_CNDOT_T_UNIT: 'm**2/s', SAT1_CNDOT_N: '6.288870374879999663e-04',
    SAT1_CNDOT_N_UNIT: 'm**2/s', SAT1_CNDOT_RDOT: '9.241436601000000256e-07', SAT1_CNDOT_RDOT_UNIT: 'm**2/s**2',
    SAT1_CNDOT_TDOT: '-1.232721246600000086e-06', SAT1_CNDOT_TDOT_UNIT: 'm**2/s**2', SAT1_CNDOT_NDOT: '1.158660294200000003e-05',
    SAT1_CNDOT_NDOT_UNIT: 'm**2/s**2', SAT2_OBJECT: 'OBJECT2', SAT2_OBJECT_DESIGNATOR: '000037558',
    SAT2_CATALOG_NAME: 'SATCAT', SAT2_OBJECT_NAME: 'IRIDIUM 33 DEB', SAT2_INTERNATIONAL_DESIGNATOR: '1997-051XT', SAT2_OBJECT_TYPE: 'TBA',
    SAT2_EPHEMERIS_NAME: 'NONE', SAT2_COVARIANCE_METHOD: 'CALCULATED', SAT2_MANEUVERABLE: 'N/A',
    SAT2_REF_FRAME: 'EME2000', SAT2_GRAVITY_MODEL: 'EGM-96: 36D 36O', SAT2_ATMOSPHERIC_MODEL: 'JBH09',
    SAT2_N_BODY_PERTURBATIONS: 'MOON,SUN', SAT2_SOLAR_RAD_PRESSURE: 'YES', SAT2_EARTH_TIDES: 'YES',
    SAT2_INTRACK_THRUST: 'NO', SAT2_RECOMMENDED_OD_SPAN: '17.35', SAT2_RECOMMENDED_OD_SPAN_UNIT: 'd',
    SAT2_ACTUAL_OD_SPAN: '17.35', SAT2_ACTUAL_OD_SPAN_UNIT: 'd', SAT2_OBS_AVAILABLE: '34',
    SAT2_OBS_USED: '32', SAT2_TRACKS_AVAILABLE: '12', SAT2_TRACKS_USED: '11',
    SAT2_RESIDUALS_ACCEPTED: '96.2', SAT2_RESIDUALS_ACCEPTED_UNIT: '%', SAT2_WEIGHTED_RMS: '1.931',
    SAT2_CD_AREA_OVER_MASS: '0.311685', SAT2_CD_AREA_OVER_MASS_UNIT: 'm**2/kg', SAT2_CR_AREA_OVER_MASS: '0.105501',
    SAT2_CR_AREA_OVER_MASS_UNIT: 'm**2/kg', SAT2_SEDR: '0.000456', SAT2_SEDR_UNIT: 'W/kg',
    SAT2_X: '3.151145127446365279e+01', SAT2_X_UNIT: 'km', SAT2_Y: '1.068430921431128127e+03',
    SAT2_Y_UNIT: 'km', SAT2_Z: '6.991054608003071735e+03', SAT2_Z_UNIT: 'km',
    SAT2_X_DOT: '-3.226409210902199121e+00', SAT2_X_DOT_UNIT: 'km/s', SAT2_Y_DOT: '-6.701258014016575615e+00',
    SAT2_Y_DOT_UNIT: 'km/s', SAT2_Z_DOT: '1.090956829923579896e+00', SAT2_Z_DOT_UNIT: 'km/s',
    SAT2_CR_R: '5.941633534696710512e+02', SAT2_CR_R_UNIT: 'm**2', SAT2_CT_R: '1.106746194512232933e+03',
    SAT2_CT_R_UNIT: 'm**2', SAT2_CT_T: '5.522140915825495176e+04', SAT2_CT_T_UNIT: 'm**2',
    SAT2_CN_R: '-8.915122944449601050e+01', SAT2_CN_R_UNIT: 'm**2', SAT2_CN_T: '-3.148303786510657005e+02',
    SAT2_CN_T_UNIT: 'm**2', SAT2_CN_N: '1.766383709619690023e+02', SAT2_CN_N_UNIT: 'm**2',
    SAT2_CRDOT_R: '-1.284331246116124037e+00', SAT2_CRDOT_R_UNIT: 'm**2/s', SAT2_CRDOT_T: '-5.831429531381793652e+01',
    SAT2_CRDOT_T_UNIT: 'm**2/s', SAT2_CRDOT_N: '2.376360593979664204e-01', SAT2_CRDOT_N_UNIT: 'm**2/s',
    SAT2_CRDOT_RDOT: '6.188489680067620763e-02', SAT2_CRDOT_RDOT_UNIT: 'm**2/s**2', SAT2_CTDOT_R: '-6.196019137522884579e-01',
    SAT2_CTDOT_R_UNIT: 'm**2/s', SAT2_CTDOT_T: '-1.176562832269137049e+00', SAT2_CTDOT_T_UNIT: 'm**2/s',
    SAT2_CTDOT_N: '9.265376254500946873e-02', SAT2_CTDOT_N_UNIT: 'm**2/s', SAT2_CTDOT_RDOT: '1.365513664943556003e-03',
    SAT2_CTDOT_RDOT_UNIT: 'm**2/s**2', SAT2_CTDOT_TDOT: '6.462195067915000018e-04', SAT2_CTDOT_TDOT_UNIT: 'm**2/s**2',
    SAT2_CNDOT_R: '-1.496826236167767832e-01', SAT2_CNDOT_R_UNIT: 'm**2/s', SAT2_CNDOT_T: '2.300060270524206807e-01',
    SAT2_CNDOT_T_UNIT: 'm**2/s', SAT2_CNDOT_N: '3.658582707589076999e-01', SAT2_CNDOT_N_UNIT: 'm**2/s',
    SAT2_CNDOT_RDOT: '-2.456675725298000223e-04', SAT2_CNDOT_RDOT_UNIT: 'm**2/s**2', SAT2_CNDOT_TDOT: '1.580010547686999992e-04',
    SAT2_CNDOT_TDOT_UNIT: 'm**2/s**2', SAT2_CNDOT_NDOT: '1.228024334903375951e-03', SAT2_CNDOT_NDOT_UNIT: 'm**2/s**2',
    GID: '79',
};

/** Two records Space-Track served for cdm_public (gamergenic/ConjunctionService cache/space-track-results-cache.json, May 2022). */
const CDM_PUBLIC = [
  {
    CDM_ID: '292178086', CREATED: '2022-05-19 17:21:26.000000', EMERGENCY_REPORTABLE: 'Y', TCA: '2022-05-20T04:59:33.732000', MIN_RNG: '39', PC: '0.00263681',
    SAT_1_ID: '41832', SAT_1_NAME: 'FENGYUN 1C DEB', SAT1_OBJECT_TYPE: 'DEBRIS', SAT1_RCS: 'SMALL', SAT_1_EXCL_VOL: '5.00',
    SAT_2_ID: '43302', SAT_2_NAME: 'METEOR 2-7 DEB', SAT2_OBJECT_TYPE: 'DEBRIS', SAT2_RCS: 'SMALL', SAT_2_EXCL_VOL: '5.00',
  },
  {
    CDM_ID: '292264392', CREATED: '2022-05-19 17:20:38.000000', EMERGENCY_REPORTABLE: 'Y', TCA: '2022-05-20T05:28:45.536000', MIN_RNG: '211', PC: '0.0001945721',
    SAT_1_ID: '37053', SAT_1_NAME: 'FENGYUN 1C DEB', SAT1_OBJECT_TYPE: 'DEBRIS', SAT1_RCS: 'SMALL', SAT_1_EXCL_VOL: '5.00',
    SAT_2_ID: '51090', SAT_2_NAME: 'ORBCOMM FM 5 DEB', SAT2_OBJECT_TYPE: 'DEBRIS', SAT2_RCS: null, SAT_2_EXCL_VOL: '5.00',
  },
];

describe('readCdmFile: Space-Track JSON', () => {
  it('decodes a full cdm record to the same Pc inputs as the KVN message', () => {
    const kvn = readCdm(read(CARA));
    const { messages, rejected } = readCdmFile(JSON.stringify([SPACE_TRACK_CDM]));
    expect(rejected).toEqual([]);
    const [m] = messages;
    expect(m).toMatchObject({ index: 0, format: 'json', line: null, text: JSON.stringify(SPACE_TRACK_CDM) });
    const cdm = m!.cdm!;
    for (const which of ['object1', 'object2'] as const) {
      expect(cdm[which].data.stateVector.positionKm).toEqual(kvn[which].data.stateVector.positionKm);
      expect(cdm[which].data.stateVector.velocityKmPerS).toEqual(kvn[which].data.stateVector.velocityKmPerS);
      expect(cdm[which].data.covariance.rtn).toEqual(kvn[which].data.covariance.rtn);
      expect(cdm[which].metadata.refFrame).toBe(kvn[which].metadata.refFrame);
    }
    expect(cdm.relative.tca).toBe(kvn.relative.tca); // "15:10:47" + TCA_FRACTION "417"
    expect(cdm.relative).toMatchObject({ missDistanceM: 108, relativeSpeedMPerS: 11073, collisionProbability: 2.117e-2, relativePositionRtnM: [-5.5, 73.7, -78.2] });
    expect(cdm.header.creationDate).toBe(kvn.header.creationDate);
    expect(cdm.object1.data.odParameters).toEqual(kvn.object1.data.odParameters);
    expect(cdm.object1.data.comments).toEqual(['COVARIANCE_SCALE_FACTOR = 1.000', 'EXCLUSION_VOLUME_RADIUS = 19 [m]']);
    expect(cdm.object1.data.additionalParameters?.comments).toEqual(['Apogee Altitude = 714 [km]']);
    expect(cdm.object2.metadata.objectType).toBeUndefined(); // TBA is no Table 3-3 value
    expect(m!.summary).toMatchObject({
      messageId: '000025994_conj_000037558_20210324_151047_20210323_154356',
      originator: 'CARA',
      hbrM: 15,
      tca: utc('2021-03-24T15:10:47.417'),
      object1: { noradId: 25994, designator: '000025994', name: 'TERRA', internationalDesignator: '1999-068A', objectType: 'PAYLOAD' },
      object2: { noradId: 37558, name: 'IRIDIUM 33 DEB', objectType: 'TBA' },
    });
    // The same record with the fraction in the time text, one object (not an array), and faulty records.
    const { TCA_FRACTION: _fraction, ...rest } = SPACE_TRACK_CDM;
    const inline = readCdmFile(JSON.stringify({ ...rest, TCA: '2021-03-24T15:10:47.417000' }));
    expect(inline.messages[0]!.cdm!.relative.tca).toBe(kvn.relative.tca);
    // COMMENT_EFFECTIVE_HBR as a bare number (its value's form is not documented): the message's HBR all the same, in
    // metres, for the summary and for the Pc (7 m: neither the record's 15 m nor the 20 m default).
    const bare = readCdmFile(JSON.stringify({ ...SPACE_TRACK_CDM, COMMENT_EFFECTIVE_HBR: '7' })).messages[0]!;
    expect(bare.summary.hbrM).toBe(7);
    expect(estimateFromCdm(bare.cdm!, { defaultHbrM: 20 })).toMatchObject({ hbrM: 7, hbrSource: 'message', encounterPlane: { hardBodyRadius: 7 } });
    expect(estimateFromCdm(m!.cdm!, { defaultHbrM: 20 })).toMatchObject({ hbrM: 15, hbrSource: 'message' });
    const broken = readCdmFile(JSON.stringify([{ ...SPACE_TRACK_CDM, SAT2_CN_N: null }, { ...SPACE_TRACK_CDM, SAT1_X_UNIT: 'm' }]));
    expect(broken.messages).toEqual([]);
    expect(broken.rejected).toEqual([
      { index: 0, line: null, messageId: SPACE_TRACK_CDM.MESSAGE_ID, reason: expect.stringMatching(/CN_N: obligatory keyword is missing from the Object2 covariance/) },
      { index: 1, line: null, messageId: SPACE_TRACK_CDM.MESSAGE_ID, reason: expect.stringMatching(/X: is in \[m\], 508\.0-B-1 requires \[km\]/) },
    ]);
  });

  it('summarises cdm_public records (no states: cdm null; MIN_RNG in metres, PC as given) and rejects one without TCA', () => {
    const { TCA: _tca, ...noTca } = CDM_PUBLIC[0]!;
    const { messages, rejected } = readCdmFile(JSON.stringify([CDM_PUBLIC[0], CDM_PUBLIC[1], noTca]));
    expect(messages.map((m) => [m.index, m.format, m.line, m.cdm])).toEqual([
      [0, 'json', null, null],
      [1, 'json', null, null],
    ]);
    expect(messages[0]!.text).toBe(JSON.stringify(CDM_PUBLIC[0]));
    expect(messages[0]!.summary).toEqual({
      messageId: '292178086',
      originator: SPACE_TRACK,
      creationDate: Date.UTC(2022, 4, 19, 17, 21, 26),
      tca: Date.UTC(2022, 4, 20, 4, 59, 33, 732),
      missDistanceM: 39,
      relativeSpeedMPerS: null,
      collisionProbability: 0.00263681,
      collisionProbabilityMethod: null,
      hbrM: null,
      object1: { noradId: 41832, designator: '41832', name: 'FENGYUN 1C DEB', internationalDesignator: null, objectType: 'DEBRIS' },
      object2: { noradId: 43302, designator: '43302', name: 'METEOR 2-7 DEB', internationalDesignator: null, objectType: 'DEBRIS' },
    });
    expect(messages[1]!.summary).toMatchObject({ messageId: '292264392', missDistanceM: 211, collisionProbability: 0.0001945721, object2: { noradId: 51090, name: 'ORBCOMM FM 5 DEB' } });
    expect(rejected).toEqual([{ index: 2, line: null, messageId: '292178086', reason: 'Space-Track cdm_public record: TCA is missing' }]);
    // Catalogue numbers past 99,999 in Alpha-5 (designators.ts), as conjunctionFromCdm reads them.
    const alpha5 = readCdmFile(JSON.stringify({ ...CDM_PUBLIC[0], SAT_1_ID: 'T0000' })).messages[0]!;
    expect(alpha5.summary.object1).toMatchObject({ noradId: 270000, designator: 'T0000' });
  });

  it('rejects records without what the summary needs, and records of another kind', () => {
    const record = CDM_PUBLIC[0]!;
    const { rejected, messages } = readCdmFile(
      JSON.stringify([{ ...record, SAT_2_ID: '' }, { ...record, CDM_ID: null }, { ...record, PC: '1.5' }, { ...record, TCA: '2022-05-20X' }, 42, { NORAD_CAT_ID: '25544' }, record]),
    );
    expect(messages.map((m) => m.index)).toEqual([6]);
    expect(rejected.map((r) => [r.index, r.reason])).toEqual([
      [0, 'Space-Track cdm_public record: SAT_2_ID is missing'],
      [1, 'Space-Track cdm_public record: CDM_ID is missing'],
      [2, "Space-Track cdm_public record: PC '1.5' is not a probability"],
      [3, "Space-Track cdm_public record: TCA '2022-05-20X' is not a UTC time"],
      [4, 'record 4 is 42, not a Space-Track conjunction record (an object of fields)'],
      [5, expect.stringMatching(/^record 5 is neither a Space-Track cdm record .* its fields: NORAD_CAT_ID$/)],
    ]);
  });
});

describe('readCdmFile and readCdm agree on what is KVN', () => {
  it('take a version line whatever its keyword case, as the KVN reader reads keywords (kvn-read.ts)', () => {
    const text = read(CARA);
    const lower = text.replace(/^CCSDS_CDM_VERS(\s*=)/m, 'ccsds_cdm_vers$1');
    expect(lower).not.toBe(text);
    expect(detectCdmFormat(lower)).toBe('kvn');
    expect(readCdm(lower)).toEqual(readCdm(text));
    const file = readCdmFile(lower);
    expect(file.rejected).toEqual([]);
    expect(file.messages.map((m) => m.cdm)).toEqual([readCdm(text)]);
  });
});

describe('readCdmFile: files that are no CDM', () => {
  it('gives no message and one rejection saying what was expected', () => {
    const cases: [string, RegExp][] = [
      ['', /^the file is empty/],
      ['\uFEFF  \r\n\n', /^the file is empty/],
      ['Dear operator, please find attached…\nRegards', /^the file has no CCSDS_CDM_VERS line/],
      ['<!DOCTYPE html>\n<html><head><title>Space-Track Login</title></head><body>…</body></html>', /^the file is an HTML page/],
      ['<?xml version="1.0"?>\n<omm id="CCSDS_OMM_VERS" version="2.0"/>', /^the XML has no <cdm> element \(its root is <omm>\)/],
      ['\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR', /^the file holds binary data/],
      ['{"CDM_ID": "1", ', /^the file is not valid JSON/],
      ['[]', /^the JSON array holds no records/],
      ['CCSDS_OMM_VERS = 2.0\nCREATION_DATE = 2024-01-01T00:00:00\n', /^the file is a CCSDS OMM message \(CCSDS_OMM_VERS\), not a CDM/],
    ];
    for (const [text, what] of cases) {
      const result = readCdmFile(text);
      expect(result.messages, JSON.stringify(text)).toEqual([]);
      expect(result.rejected).toHaveLength(1);
      expect(result.rejected[0]).toMatchObject({ index: null, line: null, messageId: null });
      expect(result.rejected[0]!.reason).toMatch(what);
      expect(result.rejected[0]!.reason).toMatch(/expected KVN starting with CCSDS_CDM_VERS .* XML with <cdm> elements .* or Space-Track conjunction JSON/);
    }
  });
});
