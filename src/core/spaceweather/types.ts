/**
 * Space-weather records and look-up results, shared by the readers (CelesTrak SW-All CSV, NOAA
 * SWPC JSON) and the series. Every record says whether it was observed or predicted and where it
 * came from; every look-up says which of observed, predicted or the offline default it is.
 *
 * Units: F10.7 in solar flux units (sfu = 1e-22 W m⁻² Hz⁻¹); Kp decimal (thirds: 2+ = 7/3);
 * ap and Ap in the index's own unit of 2 nT.
 */

/** What a record holds: a measurement (or an interpolation of measurements) or a forecast. */
export type RecordStatus = 'observed' | 'predicted';

/** What a look-up returns: a record's status, or `default` (DECISIONS.md §8 offline default). */
export type SpaceWeatherStatus = RecordStatus | 'default';

/**
 * Daily F10.7 of one UTC day. `cadence` 'monthly' marks a monthly prediction (SW-All PRM rows,
 * dated on the first of the month): the series interpolates between those.
 */
export interface DailyFluxRecord {
  /** UTC day number (time-keys.ts). */
  readonly day: number;
  /** Flux at the true Earth–Sun distance, sfu. */
  readonly observed: number | null;
  /** Flux adjusted to 1 AU, sfu. */
  readonly adjusted: number | null;
  readonly status: RecordStatus;
  readonly cadence: 'daily' | 'monthly';
  /** Where the record came from, e.g. "CelesTrak SW-All line 24278 (PRD)". */
  readonly source: string;
  /** How `adjusted` was derived when the source gives only the observed flux. */
  readonly adjustedMethod?: string;
}

/** The 81-day averages of F10.7 a source gives for a day (SW-All's four *_CENTER81 / *_LAST81 columns). */
export interface FluxMeanRecord {
  readonly day: number;
  readonly observedCentred81: number | null;
  readonly adjustedCentred81: number | null;
  readonly observedTrailing81: number | null;
  readonly adjustedTrailing81: number | null;
  /**
   * Observed only when the whole window is: a centred mean within 40 days of the source's last
   * observed day includes predicted days, so the reader marks it predicted (and says so in `method`).
   */
  readonly status: RecordStatus;
  readonly cadence: 'daily' | 'monthly';
  readonly source: string;
  readonly method?: string;
}

/** Planetary Kp and ap of one 3-hour interval. */
export interface ThreeHourRecord {
  /** 3-hour interval number (time-keys.ts). */
  readonly interval: number;
  /** Decimal Kp, 0–9. */
  readonly kp: number;
  /** ap, 0–400. */
  readonly ap: number;
  readonly status: RecordStatus;
  readonly source: string;
}

/** Daily planetary Ap of one UTC day. */
export interface DailyApRecord {
  readonly day: number;
  readonly ap: number;
  readonly status: RecordStatus;
  readonly source: string;
}

/** What a reader produces: the records of one source. */
export interface SpaceWeatherRecords {
  readonly flux: readonly DailyFluxRecord[];
  readonly fluxMeans: readonly FluxMeanRecord[];
  readonly threeHourly: readonly ThreeHourRecord[];
  readonly dailyAp: readonly DailyApRecord[];
}

export const EMPTY_RECORDS: SpaceWeatherRecords = { flux: [], fluxMeans: [], threeHourly: [], dailyAp: [] };

/** A value looked up for an instant, with its provenance. */
export interface IndexValue {
  readonly value: number;
  readonly status: SpaceWeatherStatus;
  /**
   * The UTC day ("YYYY-MM-DD") or 3-hour interval ("YYYY-MM-DDThh:00Z/+3h") the value belongs
   * to; for a default, the date of the value substituted; null for the typical level.
   */
  readonly date: string | null;
  readonly source: string;
  /** How the value was formed when it is not a record read as is. */
  readonly method?: string;
}

/** Observed or adjusted F10.7. */
export type FluxKind = 'observed' | 'adjusted';

const RANK: Record<SpaceWeatherStatus, number> = { default: 0, predicted: 1, observed: 2 };

/** The weakest of several statuses (a value built from a predicted part is predicted). */
export function weakestStatus(statuses: readonly SpaceWeatherStatus[]): SpaceWeatherStatus {
  return statuses.reduce<SpaceWeatherStatus>((w, s) => (RANK[s] < RANK[w] ? s : w), 'observed');
}
