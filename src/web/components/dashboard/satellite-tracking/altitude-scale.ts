/*
 * The Altitudes chart's logarithmic Y axis (spec §2, §9). Its range is fixed
 * at about 300 to 40,000 km, so LEO, MEO and GEO all fit with room around
 * them; a satellite outside that range (re-entering, or beyond GEO) widens it
 * rather than being drawn at the edge.
 */

export const AXIS_MIN_KM = 300;
export const AXIS_MAX_KM = 40_000;
const TICKS_KM = [300, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 40_000] as const;

export interface AltitudeScale {
  domain: readonly [number, number];
  /** Plane y of an altitude: `bottom` at the domain's low end, `top` at its high end. */
  y: (altitudeKm: number) => number;
  ticks: readonly number[];
}

/** The log scale for these altitudes over the plot's vertical extent [top, bottom] (SVG y grows downwards). */
export function altitudeScale(altitudesKm: readonly number[], top: number, bottom: number): AltitudeScale {
  const finite = altitudesKm.filter((altitude) => Number.isFinite(altitude) && altitude > 0);
  // An altitude outside the fixed range gets a 20% margin beyond it, so its point is not on the edge.
  const low = Math.min(AXIS_MIN_KM, ...finite.filter((altitude) => altitude < AXIS_MIN_KM).map((altitude) => altitude / 1.2));
  const high = Math.max(AXIS_MAX_KM, ...finite.filter((altitude) => altitude > AXIS_MAX_KM).map((altitude) => altitude * 1.2));
  const logLow = Math.log10(low);
  const logHigh = Math.log10(high);
  const y = (altitudeKm: number) => {
    const clamped = Math.min(high, Math.max(low, altitudeKm));
    return bottom - ((Math.log10(clamped) - logLow) / (logHigh - logLow)) * (bottom - top);
  };
  return { domain: [low, high], y, ticks: TICKS_KM.filter((tick) => tick >= low && tick <= high) };
}

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Tick label: '500', '1k', '35.8k' style would hide the zone boundaries, so whole km with separators: '1,000'. */
export function formatTick(altitudeKm: number): string {
  return thousands.format(altitudeKm);
}
