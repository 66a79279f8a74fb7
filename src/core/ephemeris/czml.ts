/**
 * CZML (Cesium Language, https://github.com/AnalyticalGraphicsInc/czml-writer/wiki/CZML-Guide):
 * an object's ephemeris as a document packet (clock over the span) and one object packet whose
 * position is sampled Cartesian metres in Cesium's INERTIAL frame, interpolated with Lagrange
 * polynomials as Cesium's own satellite examples do; with a label, a point and its path.
 *
 * Cesium's INERTIAL frame is the ICRF; the states given are EME2000 (sample.ts), which differs from
 * the ICRF by the frame bias, tens of milliarcseconds: about 1 m at LEO radii (frames/eme2000.ts),
 * far below SGP4's own error.
 */
import { formatUtc } from '../time/iso-time.ts';
import type { EphemerisState } from './sample.ts';

export interface CzmlObject {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  /** RGBA 0–255 of the point and path. */
  readonly rgba?: readonly [number, number, number, number];
}

const iso = (t: number) => `${formatUtc(t as never, 3)}Z`;

/** The CZML document (an array of packets) of one object's EME2000 states. */
export function czmlDocument(object: CzmlObject, states: readonly EphemerisState[]): unknown[] {
  if (states.length < 2) throw new RangeError('a CZML path needs at least two states');
  const start = states[0]!.epoch;
  const stop = states.at(-1)!.epoch;
  const interval = `${iso(start)}/${iso(stop)}`;
  const cartesian: number[] = [];
  for (const s of states) cartesian.push((s.epoch - start) / 1000, s.r[0] * 1000, s.r[1] * 1000, s.r[2] * 1000);
  const rgba = [...(object.rgba ?? [0, 212, 255, 255])];
  return [
    { id: 'document', name: object.name, version: '1.0', clock: { interval, currentTime: iso(start), multiplier: 60, range: 'LOOP_STOP', step: 'SYSTEM_CLOCK_MULTIPLIER' } },
    {
      id: object.id,
      name: object.name,
      availability: interval,
      ...(object.description ? { description: object.description } : {}),
      label: { text: object.name, font: '11pt sans-serif', horizontalOrigin: 'LEFT', pixelOffset: { cartesian2: [8, 0] }, fillColor: { rgba } },
      point: { pixelSize: 6, color: { rgba } },
      path: { width: 1, leadTime: 0, trailTime: (stop - start) / 1000, resolution: 60, material: { solidColor: { color: { rgba } } } },
      position: { epoch: iso(start), interpolationAlgorithm: 'LAGRANGE', interpolationDegree: 5, referenceFrame: 'INERTIAL', cartesian },
    },
  ];
}
