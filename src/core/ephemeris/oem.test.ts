/**
 * The OEM KVN reader and writer (oem.ts, with the checks of oem-model.ts) and the SGP4 ephemeris (sample.ts):
 *  - the reader on Orekit's OEM examples (CS-SI/Orekit src/test/resources/ccsds/odm/oem/OEMExample1.txt
 *    inline below, OEMExample3.txt and OEMExample5.txt in ./fixtures; Apache-2.0; built on the examples of
 *    CCSDS 502.0-B-2 §5): segments, comments, accelerations, and every covariance matrix with the numbers
 *    the file prints, placed in the 6×6 matrix as §5.2.5 lays out the lower triangle;
 *  - an ephemeris of the ISS written and read back equals SGP4 (satellite.js, through
 *    propagation/sgp4.ts) at every epoch, to the digits written (1 mm, 1 µm/s), in TEME and EME2000;
 *  - bad messages are refused naming the line and the problem, and so is, by default, what screening
 *    cannot use (other centres, frames, time systems; epochs out of order; too few lines for the degree).
 */
import { describe, expect, it } from 'vitest';
import { readTle } from '../elements/tle-parse.ts';
import type { ElementSet } from '../elements/element-set.ts';
import { temeToEme2000State } from '../frames/teme-eme2000.ts';
import { propagateAt } from '../propagation/sgp4.ts';
import { utcMs } from '../units.ts';
import { OemError, readOem, writeOem } from './oem.ts';
import { EARTH_KVN, fixture, withLine } from './oem-fixtures.test-support.ts';
import { MAX_EPHEMERIS_STATES, sampleEphemeris } from './sample.ts';

const OREKIT_EXAMPLE = `CCSDS_OEM_VERS = 3.0
CLASSIFICATION = public, test-data
CREATION_DATE = 1996-11-04T17:22:31
ORIGINATOR = NASA/JPL


META_START
OBJECT_NAME         = MARS GLOBAL SURVEYOR
OBJECT_ID           = 1996-062A
CENTER_NAME         = MARS BARYCENTER
REF_FRAME           = J2000
TIME_SYSTEM         = UTC
START_TIME          = 1996-12-18T12:00:00.331
USEABLE_START_TIME  = 1996-12-18T12:10:00.331
USEABLE_STOP_TIME   = 1996-12-28T21:23:00.331
STOP_TIME           = 1996-12-28T21:28:00.331
INTERPOLATION       = HERMITE
INTERPOLATION_DEGREE = 7
META_STOP
COMMENT This file was produced by M.R. Somebody, MSOO NAV/JPL, 1996NOV 04. It is
COMMENT to be used for DSN scheduling purposes only.

1996-12-18T12:00:00.331 2789.619 -280.045 -1746.755 4.73372 -2.49586 -1.04195
1996-12-18T12:01:00.331 2783.419 -308.143 -1877.071 5.18604 -2.42124 -1.99608
1996-12-18T12:02:00.331 2776.033 -336.859 -2008.682 5.63678 -2.33951 -1.94687
1996-12-28T21:28:00.331 -3881.024 563.959 -682.773 -3.28827 -3.66735 1.63861


META_START
OBJECT_NAME         = MARS GLOBAL SURVEYOR
OBJECT_ID           = 1996-062A
CENTER_NAME         = MARS BARYCENTER
REF_FRAME           = J2000
TIME_SYSTEM         = UTC
START_TIME          = 1996-12-28T21:29:07.267
USEABLE_START_TIME  = 1996-12-28T22:08:02.5
USEABLE_STOP_TIME   = 1996-12-30T01:18:02.5
STOP_TIME           = 1996-12-30T01:28:02.267
INTERPOLATION       = HERMITE
INTERPOLATION_DEGREE = 7
META_STOP

COMMENT This block begins after trajectory correction maneuver TCM-3.

1996-12-28T21:29:07.267 -2432.166 -063.042 1742.754 7.33702 -3.495867 -1.041945
1996-12-28T21:59:02.267 -2445.234 -878.141 1873.073 1.86043 -3.421256 -0.996366
1996-12-28T22:00:02.267 -2458.079 -683.858 2007.684 6.36786 -3.339563 -0.946654
1996-12-30T01:28:02.267 2164.375 1115.811 -688.131 -3.53328 -2.88452 0.88535

COVARIANCE_START
EPOCH = 1996-12-28T21:29:07.267
COV_REF_FRAME = EME2000
3.3313494e-04
4.6189273e-04 6.7824216e-04
-3.0700078e-04 -4.2212341e-04 3.2319319e-04
-3.3493650e-07 -4.6860842e-07 2.4849495e-07 4.2960228e-10
-2.2118325e-07 -2.8641868e-07 1.7980986e-07 2.6088992e-10 1.7675147e-10
-3.0413460e-07 -4.9894969e-07 3.5403109e-07 1.8692631e-10 1.0088625e-10 6.2244443e-10
COVARIANCE_STOP

META_START
COMMENT comment
OBJECT_NAME = MARS GLOBAL SURVEYOR
OBJECT_ID = 1996-062A
CENTER_NAME = MARS BARYCENTER
REF_FRAME = EME2000
TIME_SYSTEM = UTC
START_TIME = 1996-12-28T21:29:07.267
USEABLE_START_TIME = 1996-12-28T22:08:02.5
USEABLE_STOP_TIME = 1996-12-30T01:18:02.5
STOP_TIME = 1996-12-30T01:28:02.267
INTERPOLATION = HERMITE
INTERPOLATION_DEGREE = 7
META_STOP

COMMENT This block begins after trajectory correction maneuver TCM-3.
1996-12-28T21:29:07.267 -2432.166 -063.042 1742.754 7.33702 -3.495867 -1.041945
1996-12-28T21:59:02.267 -2445.234 -878.141 1873.073 1.86043 -3.421256 -0.996366
1996-12-28T22:00:02.267 -2458.079 -683.858 2007.684 6.36786 -3.339563 -0.946654
1996-12-30T01:28:02.267 2164.375 1115.811 -688.131 -3.53328 -2.88452 0.88535
1996-12-30T01:28:02.267 2164.375 1115.811 -688.131 -3.53328 -2.88452 0.88535


COVARIANCE_START
EPOCH = 1996-12-28T21:29:07.267
COV_REF_FRAME = RTN

3.3313494e-04
4.6189273e-04 6.7824216e-04
-3.0700078e-04 -4.2212341e-04 3.2319319e-04
-3.3493650e-07 -4.6860842e-07 2.4849495e-07 4.2960228e-10
-2.2118325e-07 -2.8641868e-07 1.7980986e-07 2.6088992e-10 1.7675147e-10
-3.0413460e-07 -4.9894969e-07 3.5403109e-07 1.8692631e-10 1.0088625e-10 6.2244443e-10

EPOCH = 1996-12-29T21:00:00
COV_REF_FRAME = EME2000
3.4424505e-04
4.5078162e-04 6.8935327e-04
-3.0600067e-04 -4.1101230e-04 3.3420420e-04
-3.2382549e-07 -4.5750731e-07 2.3738384e-07 4.3071339e-10
-2.1007214e-07 -2.7530757e-07 1.6870875e-07 2.5077881e-10 1.8786258e-10
-3.0302350e-07 -4.8783858e-07 3.4302008e-07 1.7581520e-10 1.0077514e-10 6.2244443e-10
COVARIANCE_STOP`;

// ISS (ZARYA), lines 19682-19683 of shared/reference/catalog/full_catalog_3le_2023-10-09.txt.
const ISS = readTle(
  '1 25544U 98067A   23282.71486326  .00020100  00000-0  35938-3 0  9998',
  '2 25544  51.6410 121.2575 0005123  92.3190 358.8196 15.49983917419557',
  'ISS (ZARYA)',
) as ElementSet;
const T0 = utcMs(Date.parse('2023-10-09T18:00:00Z'));
const HOUR = 3_600_000;

describe('readOem', () => {
  it("reads Orekit's example: header, three segments, their metadata, states, comments and covariances", () => {
    const oem = readOem(OREKIT_EXAMPLE, { strict: false });
    expect(oem.header).toEqual({ version: '3.0', creationDate: '1996-11-04T17:22:31', originator: 'NASA/JPL', comments: [] });
    expect(oem.segments.map((s) => [s.states.length, s.covariances, s.metadata.REF_FRAME])).toEqual([
      [4, 0, 'J2000'],
      [4, 1, 'J2000'],
      [5, 2, 'EME2000'],
    ]);
    const [first] = oem.segments;
    expect(first!.metadata).toMatchObject({ OBJECT_NAME: 'MARS GLOBAL SURVEYOR', OBJECT_ID: '1996-062A', CENTER_NAME: 'MARS BARYCENTER', INTERPOLATION_DEGREE: '7' });
    expect(first!.comments).toEqual(['This file was produced by M.R. Somebody, MSOO NAV/JPL, 1996NOV 04. It is', 'to be used for DSN scheduling purposes only.']);
    expect(first!.states[0]).toEqual({ epoch: Date.parse('1996-12-18T12:00:00.331Z'), r: [2789.619, -280.045, -1746.755], v: [4.73372, -2.49586, -1.04195] });
    expect(oem.segments[1]!.states[0]!.r).toEqual([-2432.166, -63.042, 1742.754]);
    expect(oem.segments[2]!.comments).toEqual(['comment', 'This block begins after trajectory correction maneuver TCM-3.']);
  });

  it("reads the example's covariance matrices (502.0-B-2 Figure 5-4 values): epoch, frame, the lower triangle row by row", () => {
    const [, second, third] = readOem(OREKIT_EXAMPLE, { strict: false }).segments;
    // Segment 2: one matrix, COV_REF_FRAME = EME2000.
    const [c] = second!.covarianceMatrices;
    expect(c!.epoch).toBe(Date.parse('1996-12-28T21:29:07.267Z'));
    expect(c!.frame).toBe('EME2000');
    expect(c!.matrix[0]).toEqual([3.3313494e-4, 4.6189273e-4, -3.0700078e-4, -3.349365e-7, -2.2118325e-7, -3.041346e-7]);
    expect(c!.matrix[5]).toEqual([-3.041346e-7, -4.9894969e-7, 3.5403109e-7, 1.8692631e-10, 1.0088625e-10, 6.2244443e-10]);
    expect(c!.matrix[3]![2]).toBe(2.4849495e-7); // row 4 (ẋ), column 3 (z)
    expect(c!.matrix[2]![3]).toBe(2.4849495e-7);
    // Segment 3: two matrices, the first in RTN (a blank line inside the block), the second in EME2000.
    expect(third!.covarianceMatrices.map((m) => [m.epoch, m.frame])).toEqual([
      [Date.parse('1996-12-28T21:29:07.267Z'), 'RTN'],
      [Date.parse('1996-12-29T21:00:00Z'), 'EME2000'],
    ]);
    const m = third!.covarianceMatrices[1]!.matrix;
    expect([m[0]![0], m[1]![1], m[2]![2], m[3]![3], m[4]![4], m[5]![5]]).toEqual([3.4424505e-4, 6.8935327e-4, 3.342042e-4, 4.3071339e-10, 1.8786258e-10, 6.2244443e-10]);
    expect(m[4]![1]).toBe(-2.7530757e-7);
    expect(m.every((row, i) => row.every((x, j) => x === m[j]![i]))).toBe(true);
  });

  it("reads Orekit's OEMExample3 (version 3.0): MESSAGE_ID, header comment, accelerations, three segments' covariances", () => {
    const oem = readOem(fixture('orekit-OEMExample3.txt'), { strict: false });
    expect(oem.header).toEqual({
      version: '3.0',
      creationDate: '1996-11-04T17:22:31',
      originator: 'NASA/JPL',
      messageId: 'OEM 201113719185',
      comments: ['Copy of OEMExample.txt with changes so that interpolation will work.'],
    });
    expect(oem.segments.map((s) => [s.states.length, s.covariances, s.covarianceMatrices.map((c) => c.frame).join(' ')])).toEqual([
      [3, 0, ''],
      [3, 1, 'EME2000'],
      [3, 2, 'RTN EME2000'],
    ]);
    expect(oem.segments[1]!.states[0]).toEqual({ epoch: Date.parse('1996-12-28T21:29:07.267Z'), r: [-2432.166, -63.042, 1742.754], v: [7.33702, -3.495867, -1.041945], a: [0, 0, 0] });
    expect(oem.segments[1]!.states[1]!.a).toBeUndefined();
    expect(oem.segments[0]!.span).toEqual({
      start: Date.parse('1996-12-18T12:00:00.331Z'),
      stop: Date.parse('1996-12-28T21:28:00.331Z'),
      useableStart: Date.parse('1996-12-18T12:00:01.331Z'),
      useableStop: Date.parse('1996-12-28T21:23:00.331Z'),
    });
  });

  it("reads Orekit's OEMExample5, an Earth-centred GCRF ephemeris in UTC, under the strict checks", () => {
    const [segment] = readOem(fixture('orekit-OEMExample5.txt')).segments;
    expect(segment!.metadata).toMatchObject({ OBJECT_NAME: 'ISS', CENTER_NAME: 'EARTH', REF_FRAME: 'GCRF', TIME_SYSTEM: 'UTC', INTERPOLATION: 'HERMITE', INTERPOLATION_DEGREE: '1' });
    expect(segment!.comments).toEqual(['generated from TLE using Orekit']);
    expect(segment!.states).toHaveLength(49);
    // "2017-04-11T22:31:43.121856000000": microseconds kept (UtcMs carries fractions of a millisecond).
    expect(segment!.states[0]!.epoch).toBeCloseTo(Date.parse('2017-04-11T22:31:43.121Z') + 0.856, 6);
    expect(segment!.states[48]).toMatchObject({ r: [-1212.0312303805, -4196.2446023828, -5200.9281612207], v: [7.5222575948, -0.5747199952, -1.2870157271] });
    expect(segment!.covarianceMatrices).toEqual([]);
  });

  it('reads a covariance matrix without COV_REF_FRAME in the segment frame, and RSW as RTN', () => {
    const kvn = EARTH_KVN.replace('COV_REF_FRAME = RTN\n', '');
    const [segment] = readOem(kvn).segments;
    expect(segment!.covarianceMatrices[0]!.frame).toBe('GCRF');
    expect(readOem(EARTH_KVN.replace('COV_REF_FRAME = RTN', 'COV_REF_FRAME = RSW')).segments[0]!.covarianceMatrices[0]!.frame).toBe('RTN');
    // The numbers 1 … 21 go row by row into the lower triangle (§5.2.5), mirrored above the diagonal.
    expect(segment!.covarianceMatrices[0]!.matrix).toEqual([
      [1, 2, 4, 7, 11, 16],
      [2, 3, 5, 8, 12, 17],
      [4, 5, 6, 9, 13, 18],
      [7, 8, 9, 10, 14, 19],
      [11, 12, 13, 14, 15, 20],
      [16, 17, 18, 19, 20, 21],
    ]);
  });

  it('refuses, by default, what screening cannot use, naming the line: here the Mars-centred example', () => {
    expect(() => readOem(OREKIT_EXAMPLE)).toThrow('line 10: CENTER_NAME MARS BARYCENTER is not supported: only Earth-centred ephemerides (CENTER_NAME = EARTH) can be screened');
  });

  it.each([
    ['no version', OREKIT_EXAMPLE.replace('CCSDS_OEM_VERS = 3.0\n', ''), /line 1: CCSDS_OEM_VERS is missing/],
    ['an unclosed metadata block', 'CCSDS_OEM_VERS = 3.0\nCREATION_DATE = 2026-01-01T00:00:00\nORIGINATOR = X\nMETA_START\nOBJECT_NAME = A\n', /META_STOP is missing/],
    ['a short data line', OREKIT_EXAMPLE.replace('2776.033 -336.859 -2008.682 5.63678 -2.33951 -1.94687', '2776.033 -336.859'), /line 25: a data line has an epoch and 6 or 9 numbers, found 2/],
    ['a word for a number', OREKIT_EXAMPLE.replace('2776.033 -336.859', '2776.033 abc'), /line 25: 'abc' is not a number/],
    ['a bad epoch', OREKIT_EXAMPLE.replace('1996-12-18T12:02:00.331', '1996-13-18T12:02:00.331'), /line 25: '1996-13-18T12:02:00.331' is not a date-time/],
    ['missing metadata', OREKIT_EXAMPLE.replace('TIME_SYSTEM         = UTC\nSTART_TIME          = 1996-12-18T12:00:00.331\n', ''), /TIME_SYSTEM is missing from the metadata/],
  ])('refuses %s, naming the line', (_, text, message) => {
    expect(() => readOem(text)).toThrow(OemError);
    expect(() => readOem(text)).toThrow(message);
  });
});

/** The OemError readOem throws for `text`. */
function refusal(text: string): OemError {
  try {
    readOem(text);
  } catch (error) {
    if (error instanceof OemError) return error;
    throw error;
  }
  throw new Error('the message was read');
}

describe('readOem refuses, naming the line and the problem', () => {
  it('reads the message these refusals alter', () => {
    const [segment] = readOem(EARTH_KVN).segments;
    expect(segment!.states).toHaveLength(5);
    expect(segment!.covarianceMatrices).toHaveLength(1);
  });

  it.each([
    // Frame, centre, time system (strict).
    ['an inertial frame it does not support', withLine(EARTH_KVN, 9, 'REF_FRAME = ICRF'), 9, 'REF_FRAME ICRF is not supported: use one of TEME, EME2000, GCRF'],
    ['an Earth-fixed frame', withLine(EARTH_KVN, 9, 'REF_FRAME = ITRF2000'), 9, 'REF_FRAME ITRF2000 is not supported'],
    ['another centre', withLine(EARTH_KVN, 8, 'CENTER_NAME = MOON'), 8, 'CENTER_NAME MOON is not supported'],
    ['another time system', withLine(EARTH_KVN, 10, 'TIME_SYSTEM = TAI'), 10, 'TIME_SYSTEM TAI is not supported: epochs must be in UTC'],
    ['an unknown interpolation method', withLine(EARTH_KVN, 13, 'INTERPOLATION = SPLINE'), 13, 'INTERPOLATION SPLINE is not supported'],
    // Epochs (strict).
    ['a repeated epoch', withLine(EARTH_KVN, 18, '2026-03-01T00:01:00 6739.506 573.816 723.744 -0.643 4.7636 6.0080'), 18, 'the epoch repeats the one on line 17'],
    ['epochs out of order', withLine(withLine(EARTH_KVN, 18, '2026-03-01T00:03:00 6691.346 858.668 1083.011 -0.962 4.7292 5.9646'), 19, '2026-03-01T00:02:00 6739.506 573.816 723.744 -0.643 4.7636 6.0080'), 19, 'the epoch is earlier than the one on line 18: data lines must be in increasing time order'],
    ['an epoch after STOP_TIME', withLine(EARTH_KVN, 12, 'STOP_TIME = 2026-03-01T00:03:00'), 20, "the epoch lies outside the segment's START_TIME … STOP_TIME"],
    ['too few lines for INTERPOLATION_DEGREE', withLine(EARTH_KVN, 14, 'INTERPOLATION_DEGREE = 5'), 14, 'INTERPOLATION_DEGREE 5 needs at least 6 data lines, the segment has 5'],
    ['a degree that is not a whole number', withLine(EARTH_KVN, 14, 'INTERPOLATION_DEGREE = 3.5'), 14, "INTERPOLATION_DEGREE '3.5' is not a positive whole number"],
    // Covariance frame (strict).
    ['a TNW covariance', withLine(EARTH_KVN, 23, 'COV_REF_FRAME = TNW'), 23, "COV_REF_FRAME TNW is not supported: use the segment's frame, one of TEME, EME2000, GCRF, or RTN (RSW)"],
    ['an Earth-fixed covariance', withLine(EARTH_KVN, 23, 'COV_REF_FRAME = ITRF2000'), 23, 'COV_REF_FRAME ITRF2000 is not supported'],
    ['a covariance epoch outside the span', withLine(EARTH_KVN, 22, 'EPOCH = 2026-03-01T00:05:00'), 22, "the covariance EPOCH lies outside the segment's START_TIME … STOP_TIME"],
    // Truncated or malformed (always).
    ['a file that ends inside the metadata', EARTH_KVN.split('\n').slice(0, 12).join('\n'), 12, 'META_STOP is missing: the metadata opened on line 5 is never closed'],
    ['a file that ends inside the metadata, with a final newline', `${EARTH_KVN.split('\n').slice(0, 12).join('\n')}\n`, 12, 'META_STOP is missing: the metadata opened on line 5 is never closed'],
    ['a metadata block without META_STOP', withLine(EARTH_KVN, 15), 15, 'META_STOP is missing: the metadata opened on line 5 runs into the data'],
    ['a file that ends inside a covariance block', EARTH_KVN.split('\n').slice(0, 29).join('\n'), 29, 'COVARIANCE_STOP is missing: the covariance block opened on line 21 is never closed'],
    ['a data line cut short', withLine(EARTH_KVN, 20, '2026-03-01T00:04:00 6624.134 1141.056 1439.174 -1.278'), 20, 'a data line has an epoch and 6 or 9 numbers, found 4'],
    ['a covariance matrix missing its last row', withLine(EARTH_KVN, 29), 29, 'the covariance matrix of line 22 has 15 of its 21 numbers'],
    ['a covariance row cut short', withLine(EARTH_KVN, 28, '11 12 13 14'), 28, 'row 5 of a covariance matrix has 5 numbers (lower triangle, §5.2.5), found 4'],
    ['a covariance row too long', withLine(EARTH_KVN, 26, '4 5 6 6.5'), 26, 'row 3 of a covariance matrix has 3 numbers (lower triangle, §5.2.5), found 4'],
    ['a covariance matrix without EPOCH', withLine(EARTH_KVN, 22), 22, 'COV_REF_FRAME must follow a covariance EPOCH line, once'],
    ['covariance numbers before any EPOCH', withLine(withLine(EARTH_KVN, 23), 22), 22, 'covariance numbers before the EPOCH of their matrix'],
    ['an empty covariance block', [...EARTH_KVN.split('\n').slice(0, 21), 'COVARIANCE_STOP'].join('\n'), 22, 'the covariance block opened on line 21 holds no matrix'],
    ['a word among covariance numbers', withLine(EARTH_KVN, 25, '2 x'), 25, "'x' is not a number"],
    ['a keyword among the data lines', withLine(EARTH_KVN, 19, 'REF_FRAME = GCRF'), 19, 'REF_FRAME is not allowed among the data lines'],
    ['a metadata keyword given twice', withLine(EARTH_KVN, 7, 'OBJECT_ID = 2026-001A', 'REF_FRAME = TEME'), 10, 'REF_FRAME is given twice (first on line 8)'],
  ])('%s', (_, text, line, message) => {
    const error = refusal(text);
    expect(error.line).toBe(line);
    expect(error.message).toContain(`line ${line}: ${message}`);
  });

  it('reads the Mars-centred, J2000 or TAI messages it refuses by default when asked not to be strict', () => {
    expect(readOem(withLine(EARTH_KVN, 10, 'TIME_SYSTEM = TAI'), { strict: false }).segments[0]!.metadata.TIME_SYSTEM).toBe('TAI');
    expect(readOem(withLine(EARTH_KVN, 23, 'COV_REF_FRAME = TNW'), { strict: false }).segments[0]!.covarianceMatrices[0]!.frame).toBe('TNW');
    // …but not a truncated one.
    expect(() => readOem(withLine(EARTH_KVN, 29), { strict: false })).toThrow('line 29: the covariance matrix of line 22 has 15 of its 21 numbers');
  });
});

describe('an SGP4 ephemeris as an OEM', () => {
  it.each(['TEME', 'EME2000'] as const)('reads back as SGP4 at every epoch, in %s', (frame) => {
    const eph = sampleEphemeris(ISS, T0, utcMs(T0 + 2 * HOUR), 60, frame);
    expect(eph.states).toHaveLength(121);
    const text = writeOem([{ objectName: 'ISS (ZARYA)', objectId: '1998-067A', refFrame: frame, states: eph.states }], { creationDate: utcMs(Date.parse('2026-11-27T12:00:00Z')), originator: 'DATA FORGE' });
    const oem = readOem(text);
    expect(oem.header).toMatchObject({ version: '3.0', originator: 'DATA FORGE', creationDate: '2026-11-27T12:00:00.000' });
    const [segment] = oem.segments;
    expect(segment!.metadata).toEqual({ OBJECT_NAME: 'ISS (ZARYA)', OBJECT_ID: '1998-067A', CENTER_NAME: 'EARTH', REF_FRAME: frame, TIME_SYSTEM: 'UTC', START_TIME: '2023-10-09T18:00:00.000000', STOP_TIME: '2023-10-09T20:00:00.000000' });
    segment!.states.forEach((s, k) => {
      expect(s.epoch).toBe(T0 + k * 60_000);
      const p = propagateAt(ISS, s.epoch);
      if (!p.ok) throw new Error(p.message);
      const want = frame === 'TEME' ? { r: p.r, v: p.v } : temeToEme2000State({ r: p.r, v: p.v }, s.epoch);
      for (let i = 0; i < 3; i += 1) {
        expect(Math.abs(s.r[i]! - want.r[i]!)).toBeLessThanOrEqual(0.5e-6 + 1e-9);
        expect(Math.abs(s.v[i]! - want.v[i]!)).toBeLessThanOrEqual(0.5e-9 + 1e-12);
      }
    });
  });

  it('ends at the stop time when the step does not divide the span, and refuses bad spans', () => {
    const eph = sampleEphemeris(ISS, T0, utcMs(T0 + 150_000), 60, 'TEME');
    expect(eph.states.map((s) => s.epoch - T0)).toEqual([0, 60_000, 120_000, 150_000]);
    expect(() => sampleEphemeris(ISS, T0, T0, 60, 'TEME')).toThrow('the span must end after it starts');
    expect(() => sampleEphemeris(ISS, T0, utcMs(T0 + HOUR), 0, 'TEME')).toThrow('the step must be a positive number of seconds');
    expect(() => sampleEphemeris(ISS, T0, utcMs(T0 + 30 * 24 * HOUR), 1, 'TEME')).toThrow(`more than ${MAX_EPHEMERIS_STATES}`);
  });

  it('stops where SGP4 fails and says why', () => {
    // The same orbit with a perigee under the Earth's surface: SGP4 reports it decayed (Vallado's error 6).
    const doomed = { ...ISS, meanMotion: 16.5, bstar: 0.5 };
    const eph = sampleEphemeris(doomed, T0, utcMs(T0 + 30 * 24 * HOUR), 3600, 'TEME');
    expect(eph.stoppedAt?.reason).toBeDefined();
    expect(eph.states.length).toBeLessThan(30 * 24 + 1);
  });
});
