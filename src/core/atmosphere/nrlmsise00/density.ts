/**
 * NRLMSISE-00 at an instant and a place, in SI units: the call the drag code makes. The model's
 * day of year, UT seconds and local solar time are derived from the instant as the C release's
 * notes recommend (nrlmsise-00.h: lst = sec/3600 + g_long/15), and GTD7D gives the total mass
 * density including anomalous oxygen (the effective density for drag).
 */
import { MS_PER_DAY } from '../../time/julian.ts';
import type { UtcMs } from '../../units.ts';
import { gtd7d } from './gtd7.ts';
import { nrlmsiseFlags } from './switches.ts';
import type { NrlmsiseApArray, NrlmsiseInput } from './types.ts';

interface NrlmsiseDensityInputBase {
  /** The instant (UTC). */
  readonly time: UtcMs;
  /** Geodetic latitude, degrees. */
  readonly latitudeDeg: number;
  /** Geodetic longitude, degrees east. */
  readonly longitudeDeg: number;
  /** Geodetic altitude, km. */
  readonly altitudeKm: number;
  /** Daily F10.7 of the previous day, sfu. */
  readonly f107: number;
  /** 81-day average of F10.7 centred on the day, sfu. */
  readonly f107A: number;
}

/** Daily Ap mode (switch 9 = 1). */
export interface NrlmsiseDensityDailyApInput extends NrlmsiseDensityInputBase {
  readonly ap: number;
  readonly apArray?: undefined;
}

/** Ap-history mode (switch 9 = -1); `ap` defaults to apArray[0], the daily Ap. */
export interface NrlmsiseDensityApArrayInput extends NrlmsiseDensityInputBase {
  readonly apArray: NrlmsiseApArray;
  readonly ap?: number;
}

export type NrlmsiseDensityInput = NrlmsiseDensityDailyApInput | NrlmsiseDensityApArrayInput;

export interface NrlmsiseDensity {
  /** Total mass density including anomalous oxygen (GTD7D d[5]), kg/m^3. */
  readonly densityKgPerM3: number;
  /** Temperature at the altitude, K. */
  readonly temperatureK: number;
  /** Exospheric temperature, K. */
  readonly exosphericTemperatureK: number;
  /** Number densities, m^-3 (O, H, N and anomalous O are zero below 72.5 km). */
  readonly numberDensityPerM3: {
    readonly he: number;
    readonly o: number;
    readonly n2: number;
    readonly o2: number;
    readonly ar: number;
    readonly h: number;
    readonly n: number;
    readonly anomalousO: number;
  };
  /** The model input derived from the arguments (for tracing a value back to gtd7d). */
  readonly modelInput: NrlmsiseInput;
}

/**
 * Day of year (1-based), seconds of the UT day and local solar time lst = sec/3600 + lon/15 (hours,
 * not reduced modulo 24: the model uses it only through sin and cos).
 */
export function nrlmsiseTimeInputs(time: UtcMs, longitudeDeg: number): { doy: number; sec: number; lst: number } {
  const year = new Date(time).getUTCFullYear();
  const sinceNewYear = time - Date.UTC(year, 0, 1);
  const day = Math.floor(sinceNewYear / MS_PER_DAY);
  const sec = (sinceNewYear - day * MS_PER_DAY) / 1000;
  return { doy: day + 1, sec, lst: sec / 3600 + longitudeDeg / 15 };
}

/** NRLMSISE-00 (GTD7D, all variations on, SI) at an instant and a geodetic position. */
export function nrlmsiseDensity(args: NrlmsiseDensityInput): NrlmsiseDensity {
  const { doy, sec, lst } = nrlmsiseTimeInputs(args.time, args.longitudeDeg);
  const apArray = args.apArray;
  const modelInput: NrlmsiseInput = {
    doy,
    sec,
    alt: args.altitudeKm,
    g_lat: args.latitudeDeg,
    g_long: args.longitudeDeg,
    lst,
    f107A: args.f107A,
    f107: args.f107,
    ap: args.ap ?? apArray?.[0] ?? Number.NaN,
    ...(apArray === undefined ? {} : { apArray }),
  };
  const { d, t } = gtd7d(modelInput, nrlmsiseFlags({ units: 'si', apArray: apArray !== undefined }));
  return {
    densityKgPerM3: d[5],
    temperatureK: t[1],
    exosphericTemperatureK: t[0],
    numberDensityPerM3: { he: d[0], o: d[1], n2: d[2], o2: d[3], ar: d[4], h: d[6], n: d[7], anomalousO: d[8] },
    modelInput,
  };
}
