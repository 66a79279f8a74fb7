import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ElementSet } from '../elements/element-set.ts';
import { formatTle } from '../elements/tle-format.ts';
import { parseOmmCsv } from '../elements/omm-csv.ts';
import { parseOmmXml } from '../elements/omm-xml.ts';
import { parseTle, readTle } from '../elements/tle-parse.ts';
import { degrees, minutes, utcMs } from '../units.ts';
import { SGP4_ERROR_MESSAGES } from './sgp4-errors.ts';
import { createSgp4, exactTle, propagate, propagateAt } from './sgp4.ts';

// VANGUARD 1 as CelesTrak served it on 2020-10-13 in three formats (copied in python-sgp4's
// test suite, sgp4/tests.py, from celestrak.com gp.php?CATNR=00005&FORMAT=TLE/XML/CSV).
const VANGUARD_TLE = `VANGUARD 1
1 00005U 58002B   20287.20333880 -.00000016  00000-0 -22483-4 0  9998
2 00005  34.2443 225.5254 1845686 162.2516 205.2356 10.84869164218149
`;
const VANGUARD_XML = `<?xml version="1.0" encoding="UTF-8"?>
<ndm xmlns:xsi="https://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://sanaregistry.org/r/ndmxml/ndmxml-1.0-master.xsd">
<omm id="CCSDS_OMM_VERS" version="2.0">
<header><CREATION_DATE/><ORIGINATOR/></header><body><segment><metadata><OBJECT_NAME>VANGUARD 1</OBJECT_NAME><OBJECT_ID>1958-002B</OBJECT_ID><CENTER_NAME>EARTH</CENTER_NAME><REF_FRAME>TEME</REF_FRAME><TIME_SYSTEM>UTC</TIME_SYSTEM><MEAN_ELEMENT_THEORY>SGP4</MEAN_ELEMENT_THEORY></metadata><data><meanElements><EPOCH>2020-10-13T04:52:48.472320</EPOCH><MEAN_MOTION>10.84869164</MEAN_MOTION><ECCENTRICITY>.1845686</ECCENTRICITY><INCLINATION>34.2443</INCLINATION><RA_OF_ASC_NODE>225.5254</RA_OF_ASC_NODE><ARG_OF_PERICENTER>162.2516</ARG_OF_PERICENTER><MEAN_ANOMALY>205.2356</MEAN_ANOMALY></meanElements><tleParameters><EPHEMERIS_TYPE>0</EPHEMERIS_TYPE><CLASSIFICATION_TYPE>U</CLASSIFICATION_TYPE><NORAD_CAT_ID>5</NORAD_CAT_ID><ELEMENT_SET_NO>999</ELEMENT_SET_NO><REV_AT_EPOCH>21814</REV_AT_EPOCH><BSTAR>-.22483E-4</BSTAR><MEAN_MOTION_DOT>-1.6E-7</MEAN_MOTION_DOT><MEAN_MOTION_DDOT>0</MEAN_MOTION_DDOT></tleParameters></data></segment></body></omm>
</ndm>
`;
const VANGUARD_CSV = `OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,ELEMENT_SET_NO,REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT
VANGUARD 1,1958-002B,2020-10-13T04:52:48.472320,10.84869164,.1845686,34.2443,225.5254,162.2516,205.2356,0,U,5,999,21814,-.22483E-4,-1.6E-7,0
`;
// SGP4-VER.TLE case 08195, MOLNIYA 2-14: deep space, 12-h resonance.
const MOLNIYA = `1 08195U 75081A   06176.33215444  .00000099  00000-0  11873-3 0   813
2 08195  64.1586 279.0717 6877146 264.7651  20.2257  2.00491383225656`;
// SGP4-VER.TLE case 33334 (line 1 checksum corrected from 9 to 6): n = 0.00001 rev/day, fails at once with code 3.
const CASE_33334 = `1 33334U 78066F   06174.85818871  .00000620  00000-0  10000-3 0  6806
2 33334  68.4714 236.1303 5602877 123.7484 302.5767  0.00001000 67521`;

const one = (text: string) => parseTle(text).sets[0]!;

describe('SGP4 propagation', () => {
  it('initialises CelesTrak OMM (XML, CSV) exactly as the equivalent TLE', () => {
    const fromTle = one(VANGUARD_TLE);
    const [fromXml] = parseOmmXml(VANGUARD_XML).sets;
    const [fromCsv] = parseOmmCsv(VANGUARD_CSV).sets;
    for (const set of [fromXml!, fromCsv!]) {
      expect({ ...set, epoch: 0 }).toEqual({ ...fromTle, epoch: 0 });
      expect(Math.abs(set.epoch - fromTle.epoch)).toBeLessThan(0.001);
      const model = createSgp4(set);
      expect(model.init).toBe('tle');
      for (const t of [0, 360, 1440, -720]) expect(propagate(model, minutes(t))).toEqual(propagate(fromTle, minutes(t)));
    }
  });

  it('uses json2satrec for sets with more digits than a TLE, identical for near-Earth orbits', () => {
    const vanguard = one(VANGUARD_TLE);
    const precise = { ...vanguard, bstar: -0.2248312e-4 };
    expect(createSgp4(precise).init).toBe('omm');
    // Same elements through both initialisers: near-Earth SGP4 never reads the epoch, so the
    // millisecond rounding of json2satrec changes nothing.
    const viaTle = createSgp4(vanguard);
    const viaOmm = createSgp4(vanguard, { init: 'omm' });
    expect(viaOmm.satrec.method).toBe('n');
    for (const t of [0, 100, 1440, 10_000]) expect(propagate(viaOmm, minutes(t))).toEqual(propagate(viaTle, minutes(t)));
  });

  it('bounds the effect of that millisecond rounding on a deep-space orbit', () => {
    const molniya = one(MOLNIYA);
    const viaTle = createSgp4(molniya);
    const viaOmm = createSgp4(molniya, { init: 'omm' });
    expect(viaTle.satrec.method).toBe('d');
    for (const t of [0, 720, 2880]) {
      const a = propagate(viaTle, minutes(t));
      const b = propagate(viaOmm, minutes(t));
      if (!a.ok || !b.ok) throw new Error('propagation failed');
      for (let k = 0; k < 3; k += 1) expect(Math.abs(a.r[k]! - b.r[k]!)).toBeLessThan(1e-4);
    }
  });

  it('propagates at a UTC instant with tsince from the exact epoch', () => {
    const model = createSgp4(one(VANGUARD_TLE));
    expect(propagateAt(model, utcMs(model.epoch + 90 * 60_000))).toEqual(propagate(model, minutes(90)));
    expect(propagateAt(one(VANGUARD_TLE), utcMs(model.epoch))).toEqual(propagate(model, minutes(0)));
  });

  it('reports SGP4 errors with their code and meaning', () => {
    const result = propagate(one(CASE_33334), minutes(0));
    expect(result).toEqual({ ok: false, code: 3, message: SGP4_ERROR_MESSAGES[3] });
    expect(Object.keys(SGP4_ERROR_MESSAGES)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('refuses SGP4-XP elements', () => {
    expect(() => createSgp4({ ...one(VANGUARD_TLE), ephemerisType: 4 })).toThrow(/SGP4-XP/);
  });
});

describe('exactTle', () => {
  /** The check as it was: write the TLE, read it back with readTle, compare the SGP4 inputs and the epoch. */
  function byReadTle(set: ElementSet): boolean {
    let lines;
    try {
      lines = formatTle(set);
    } catch (error) {
      if (error instanceof RangeError) return false;
      throw error;
    }
    const back = readTle(lines.line1, lines.line2);
    if ('reason' in back) return false;
    const keys = ['meanMotion', 'eccentricity', 'inclination', 'raan', 'argPerigee', 'meanAnomaly', 'bstar'] as const;
    return keys.every((k) => back[k] === set[k]) && Math.abs(back.epoch - set.epoch) <= 0.001;
  }
  const CATALOG = fileURLToPath(new URL('../../../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));

  it.skipIf(!existsSync(CATALOG))('agrees with reading the TLE back through readTle on the whole 2023 catalogue and on altered sets', () => {
    const { sets } = parseTle(readFileSync(CATALOG, 'utf8'));
    expect(sets.length).toBeGreaterThan(26_000);
    let exact = 0;
    for (const [i, set] of sets.entries()) {
      const variants: ElementSet[] = [set];
      if (i % 50 === 0) {
        variants.push(
          { ...set, meanMotion: set.meanMotion + 1e-9 },
          { ...set, eccentricity: set.eccentricity + 1e-9 },
          { ...set, inclination: degrees(set.inclination + 1e-7) },
          { ...set, bstar: set.bstar * (1 + 1e-7) + 1e-12 },
          { ...set, epoch: utcMs(set.epoch + 0.3) },
          { ...set, epoch: utcMs(set.epoch + 0.0005) },
          { ...set, meanMotionDot: Number.NaN },
          { ...set, raan: degrees(400) },
          { ...set, cosparId: 'nonsense' },
          { ...set, name: 'a\u0000b' },
        );
      }
      for (const v of variants) {
        const fast = exactTle(v) !== undefined;
        expect(fast, `${v.norad}`).toBe(byReadTle(v));
        if (fast && v === set) exact += 1;
      }
    }
    expect(exact).toBe(sets.length);
  });
});
