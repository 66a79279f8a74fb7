/**
 * The switches (TSELEC semantics of the NRL and C releases, nrlmsise-00.h) and input validation.
 */
import { describe, expect, it } from 'vitest';
import { PT } from './coefficients/pt.data.ts';
import { PTM } from './coefficients/ptm.data.ts';
import {
  gtd7,
  gtd7d,
  NRLMSISE_SI_FLAGS,
  NRLMSISE_STANDARD_FLAGS,
  NRLMSISE_SWITCH,
  nrlmsiseFlags,
  type NrlmsiseApArray,
  type NrlmsiseInput,
} from './index.ts';
import { selectSwitches } from './switches.ts';

const INPUT: NrlmsiseInput = { doy: 172, sec: 29000, alt: 400, g_lat: 60, g_long: -70, lst: 16, f107A: 150, f107: 150, ap: 4 };
const AP: NrlmsiseApArray = [100, 100, 100, 100, 100, 100, 100];

describe('flags', () => {
  it('standard switches: 0 for switch 0 (CGS), 1 for switches 1 to 23', () => {
    expect(NRLMSISE_STANDARD_FLAGS.switches).toEqual([0, ...new Array<number>(23).fill(1)]);
    expect(NRLMSISE_SI_FLAGS.switches).toEqual(new Array<number>(24).fill(1));
    const ap = nrlmsiseFlags({ units: 'si', apArray: true }).switches;
    expect(ap[NRLMSISE_SWITCH.siUnits]).toBe(1);
    expect(ap[NRLMSISE_SWITCH.dailyAp]).toBe(-1);
    expect(Object.isFrozen(NRLMSISE_STANDARD_FLAGS.switches)).toBe(true);
  });

  it('TSELEC: 1 turns main effects and cross terms on, 2 cross terms only; switch 9 is copied as is', () => {
    const switches = [1, 0, 1, 2, 1, 1, 1, 1, 1, -1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    const { sw, swc } = selectSwitches({ switches });
    expect([sw[1], swc[1]]).toEqual([0, 0]);
    expect([sw[2], swc[2]]).toEqual([1, 1]);
    expect([sw[3], swc[3]]).toEqual([0, 1]);
    expect([sw[9], swc[9]]).toEqual([-1, -1]);
  });

  it('rejects a switch array that is not 24 finite numbers', () => {
    expect(() => gtd7(INPUT, { switches: new Array<number>(23).fill(1) })).toThrow(RangeError);
    expect(() => gtd7(INPUT, { switches: [...new Array<number>(23).fill(1), Number.NaN] })).toThrow(RangeError);
  });

  it('switch 9 = -1 needs the 7-value ap array', () => {
    const flags = nrlmsiseFlags({ apArray: true });
    expect(() => gtd7(INPUT, flags)).toThrow(/apArray/);
    expect(() => gtd7({ ...INPUT, apArray: [1, 2, 3] as unknown as NrlmsiseApArray }, flags)).toThrow(RangeError);
  });

  it('without flags: all on, CGS, and the ap-array mode exactly when an ap array is given', () => {
    expect(gtd7(INPUT)).toEqual(gtd7(INPUT, NRLMSISE_STANDARD_FLAGS));
    const withAp = { ...INPUT, apArray: AP };
    expect(gtd7d(withAp)).toEqual(gtd7d(withAp, nrlmsiseFlags({ apArray: true })));
    expect(gtd7d(withAp)).not.toEqual(gtd7d(withAp, NRLMSISE_STANDARD_FLAGS));
  });

  it('the ap array is ignored unless switch 9 is -1 (daily Ap is used)', () => {
    expect(gtd7({ ...INPUT, apArray: AP }, NRLMSISE_STANDARD_FLAGS)).toEqual(gtd7(INPUT, NRLMSISE_STANDARD_FLAGS));
  });

  it('switch 16 off: the exospheric temperature is the global average PTM(1)·PT(1) = 1027.318 K', () => {
    // 1.027318E+03 is TINF of the stock test below 120 km (DOCUMENTATION section 7), where the
    // model uses the global average regardless of the switches.
    const switches = [...NRLMSISE_STANDARD_FLAGS.switches];
    switches[NRLMSISE_SWITCH.allTinfVariations] = 0;
    const t0 = gtd7(INPUT, { switches }).t[0];
    expect(t0).toBe(PTM[0] * PT[0]);
    expect(t0.toPrecision(7)).toBe('1027.318');
  });

  it('SI output is CGS scaled: number densities ×1e6 (m^-3), mass density ×1e3 (kg/m^3)', () => {
    for (const alt of [0, 50, 100, 400, 900]) {
      const cgs = gtd7d({ ...INPUT, alt }, NRLMSISE_STANDARD_FLAGS);
      const si = gtd7d({ ...INPUT, alt }, NRLMSISE_SI_FLAGS);
      cgs.d.forEach((value, i) => {
        const factor = i === 5 ? 1e3 : 1e6;
        if (value === 0) expect(si.d[i]).toBe(0);
        else expect(Math.abs(si.d[i]! / (value * factor) - 1)).toBeLessThan(1e-14);
      });
      expect(si.t).toEqual(cgs.t);
    }
  });
});
