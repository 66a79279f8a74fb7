/** Test inputs shared by the drag worker's and the orbital-drag service's tests. */
import { parseElementSets, type ElementSet } from '../../../core/elements/index.ts';
import { createSpaceWeatherSeries, dayNumber, type SpaceWeatherRecords } from '../../../core/spaceweather/index.ts';
import type { UtcMs } from '../../../core/units.ts';
import type { DragSeries } from './drag-pool.ts';

/**
 * FREGAT DEB 46109 of ../shared/reference/catalog/full_catalog_3le_2023-10-09.txt: perigee about
 * 350 km, apogee about 2060 km, B* 0.28; its apogee passes JB2008's negative band (1450–1900 km
 * past 376 sfu, core/drag/density.ts) on the way down.
 */
export const FREGAT_DEB: ElementSet = parseElementSets(
  ['FREGAT DEB', '1 46109U 11037JU  23282.81630484  .01146760  00000-0  28066+0 0  9999', '2 46109  51.5359 152.6225 1121497 138.7392 230.3965 12.76935604140221'].join('\n'),
).sets[0]!;

let versions = 0;

/**
 * A stored series of one flux, as an import would give it: daily values and 81-day means at
 * `flux`, daily Ap 15, from 200 days before `from` for 1,300 days; each with a version of its own.
 */
export function flatSeries(flux: number, from: UtcMs): DragSeries {
  const first = dayNumber(from) - 200;
  const days = Array.from({ length: 1300 }, (_, k) => first + k);
  const records: SpaceWeatherRecords = {
    flux: days.map((day) => ({ day, observed: flux, adjusted: flux, status: 'observed', cadence: 'daily', source: 'test' })),
    fluxMeans: days.map((day) => ({ day, observedCentred81: flux, adjustedCentred81: flux, observedTrailing81: flux, adjustedTrailing81: flux, status: 'observed', cadence: 'daily', source: 'test' })),
    threeHourly: [],
    dailyAp: days.map((day) => ({ day, ap: 15, status: 'observed', source: 'test' })),
  };
  return { version: (versions += 1), series: createSpaceWeatherSeries([records]), recordSets: [records], jb2008Files: {} };
}
