/**
 * The OEM reader and writer (oem.ts) and the SGP4 ephemeris (sample.ts):
 *  - the reader on Orekit's OEM example (CS-SI/Orekit src/test/resources/ccsds/odm/oem/OEMExample1.txt,
 *    Apache-2.0, built on the example of CCSDS 502.0-B-3 §5): three segments, comments, covariances;
 *  - an ephemeris of the ISS written and read back equals SGP4 (satellite.js, through
 *    propagation/sgp4.ts) at every epoch, to the digits written (1 mm, 1 µm/s), in TEME and EME2000;
 *  - bad messages are refused naming the line.
 */
import { describe, expect, it } from 'vitest';
import { readTle } from '../elements/tle-parse.ts';
import type { ElementSet } from '../elements/element-set.ts';
import { temeToEme2000State } from '../frames/teme-eme2000.ts';
import { propagateAt } from '../propagation/sgp4.ts';
import { utcMs } from '../units.ts';
import { OemError, readOem, writeOem } from './oem.ts';
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
    const oem = readOem(OREKIT_EXAMPLE);
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
