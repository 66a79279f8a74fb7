/**
 * The 24 switches of NRLMSISE-00 and the internal SW / SWC arrays derived from them (routine TSELEC
 * of the NRL Fortran release; `tselec` in Brodowski's C release, nrlmsise-00.c).
 */
import type { NrlmsiseFlags } from './types.ts';

/**
 * What each switch index controls (nrlmsise-00.h). Value 0 turns a variation off, 1 on, 2 keeps
 * its cross terms but not its main effect. Switch 0 is the unit system, switch 9 may be -1.
 */
export const NRLMSISE_SWITCH = {
  /** 0 = CGS output (cm^-3, g/cm^3), 1 = SI output (m^-3, kg/m^3). */
  siUnits: 0,
  f107EffectOnMean: 1,
  timeIndependent: 2,
  symmetricalAnnual: 3,
  symmetricalSemiannual: 4,
  asymmetricalAnnual: 5,
  asymmetricalSemiannual: 6,
  diurnal: 7,
  semidiurnal: 8,
  /** 1 = daily Ap, -1 = the 7-element ap array of the input. */
  dailyAp: 9,
  allUtLongitudeEffects: 10,
  longitudinal: 11,
  utAndMixedUtLongitude: 12,
  mixedApUtLongitude: 13,
  terdiurnal: 14,
  departuresFromDiffusiveEquilibrium: 15,
  allTinfVariations: 16,
  allTlbVariations: 17,
  allTn1Variations: 18,
  allSVariations: 19,
  allTn2Variations: 20,
  allNlbVariations: 21,
  allTn3Variations: 22,
  turboScaleHeightVariations: 23,
} as const;

export const NRLMSISE_SWITCH_COUNT = 24;

export interface NrlmsiseFlagOptions {
  /** Output units: 'cgs' (the model's own, default) or 'si'. */
  readonly units?: 'cgs' | 'si';
  /** Use the input's 7-element ap array (switch 9 = -1) instead of the daily Ap. */
  readonly apArray?: boolean;
}

/**
 * The standard switches of the NRL and C test programs: every variation on (1), switch 0 for the
 * units, switch 9 = -1 when the ap array is to be used.
 */
export function nrlmsiseFlags(options: NrlmsiseFlagOptions = {}): NrlmsiseFlags {
  const switches = new Array<number>(NRLMSISE_SWITCH_COUNT).fill(1);
  switches[NRLMSISE_SWITCH.siUnits] = options.units === 'si' ? 1 : 0;
  switches[NRLMSISE_SWITCH.dailyAp] = options.apArray === true ? -1 : 1;
  return { switches: Object.freeze(switches) };
}

/** All variations on, CGS units, daily Ap. */
export const NRLMSISE_STANDARD_FLAGS: NrlmsiseFlags = nrlmsiseFlags();
/** All variations on, SI units, daily Ap. */
export const NRLMSISE_SI_FLAGS: NrlmsiseFlags = nrlmsiseFlags({ units: 'si' });

/** One value per switch, indexable with a literal without `undefined`. */
export type SwitchRow = readonly [
  number, number, number, number, number, number, number, number, number, number, number, number,
  number, number, number, number, number, number, number, number, number, number, number, number,
];

/** SW (main effects) and SWC (cross terms) as TSELEC sets them. */
export interface SelectedSwitches {
  readonly sw: SwitchRow;
  readonly swc: SwitchRow;
}

/**
 * TSELEC: sw[i] = 1 only for switch value 1, swc[i] = 1 for any positive value (so 2 keeps cross
 * terms only); switch 9 is copied unchanged into both, keeping -1 for the ap-array mode.
 * Throws a RangeError unless there are exactly 24 finite switches.
 */
export function selectSwitches(flags: NrlmsiseFlags): SelectedSwitches {
  const { switches } = flags;
  if (switches.length !== NRLMSISE_SWITCH_COUNT || !switches.every(Number.isFinite)) {
    throw new RangeError(`NRLMSISE-00 needs exactly ${NRLMSISE_SWITCH_COUNT} finite switches, got ${switches.length}`);
  }
  const sw = switches.map((s, i) => (i === NRLMSISE_SWITCH.dailyAp ? s : s === 1 ? 1 : 0));
  const swc = switches.map((s, i) => (i === NRLMSISE_SWITCH.dailyAp ? s : s > 0 ? 1 : 0));
  return { sw: sw as unknown as SwitchRow, swc: swc as unknown as SwitchRow };
}
