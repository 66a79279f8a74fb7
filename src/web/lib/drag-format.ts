/*
 * Orbital Drag page rules, spec §9: forecast trend bands, the model-spread badge, impact levels,
 * alert colours, the Models tab's reading multipliers, the LIVE DATA and source-label rules, and
 * the number formats of the drag tables and the calculator results.
 */

// The bands are the domain's (core/drag/drag-bands.ts, spec §9); the page uses them under its own names.
export { shortTrendOf as trend24h, trendOf as trend7d, type DragTrend as Trend7d } from '@core/drag/index.ts';

/** Percent change of `next` against `current`; 0 when current is 0. */
export function changePercent(current: number, next: number): number {
  return current === 0 ? 0 : ((next - current) / current) * 100;
}

export type SpreadLevel = 'green' | 'yellow' | 'red';

/** Spec §9: model spread = (max − min) / (2 × mean), as a fraction. */
export function modelSpread(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const max = Math.max(...values);
  const min = Math.min(...values);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return mean === 0 ? 0 : (max - min) / (2 * mean);
}

/** Spec §9: badge red over 25 %, yellow over 15 %, else green. `spread` is a fraction. */
export function spreadLevel(spread: number): SpreadLevel {
  if (spread > 0.25) return 'red';
  if (spread > 0.15) return 'yellow';
  return 'green';
}

export type ImpactLevel = 'Critical' | 'High' | 'Moderate' | 'Minimal';

/** Spec §9: Critical 3–5× drag, High 2–3×, Moderate 1.5–2×, otherwise Minimal. */
export function impactLevel(dragFactor: number): ImpactLevel {
  if (dragFactor >= 3 && dragFactor <= 5) return 'Critical';
  if (dragFactor >= 2 && dragFactor < 3) return 'High';
  if (dragFactor >= 1.5 && dragFactor < 2) return 'Moderate';
  return 'Minimal';
}

/** Spec §9: alert level colours: Major red, High orange, else yellow. */
export function alertColour(level: string): 'red' | 'orange' | 'yellow' {
  if (level === 'Major') return 'red';
  if (level === 'High') return 'orange';
  return 'yellow';
}

/** Spec §9: default NRLMSISE-00 density when a reading is missing, kg/m³. */
export const DEFAULT_DENSITY = 2.8e-12;

/** Spec §9: the Models tab's readings card: multipliers of the NRLMSISE-00 density and temperature. */
export const READING_MODELS = [
  { model: 'JB2008', density: 1.15, temperature: 1.12 },
  { model: 'DTM-2020', density: 1.08, temperature: 1.06 },
  { model: 'TIE-GCM', density: 1.25, temperature: 1.22 },
  { model: 'MSIS-86', density: 0.92, temperature: 0.95 },
] as const;

export interface ModelReading {
  model: string;
  density: number;
  temperature: number | null;
}

/** NRLMSISE-00 first (2.8e-12 when missing), then the four spec multiples of it. */
export function modelReadings(density: number | null | undefined, temperature: number | null | undefined): ModelReading[] {
  const base = density ?? DEFAULT_DENSITY;
  const temp = temperature ?? null;
  return [
    { model: 'NRLMSISE-00', density: base, temperature: temp },
    ...READING_MODELS.map((m) => ({ model: m.model, density: base * m.density, temperature: temp === null ? null : temp * m.temperature })),
  ];
}

/** Spec §9: the density chart shows LIVE DATA when the data source text contains NRLMSISE-00. */
export function isLiveData(source: string | null | undefined): boolean {
  return (source ?? '').includes('NRLMSISE-00');
}

/**
 * Spec §8: the density profile's source label: the source text when it is the space-weather
 * agency feed (NOAA SWPC or CelesTrak), 'Fallback' for the page's built-in data, else 'Simulated'.
 */
export function densitySourceLabel(source: string | null | undefined, fallback: boolean): string {
  if (fallback) return 'Fallback';
  if (source && /NOAA|SWPC|CelesTrak/i.test(source)) return source;
  return 'Simulated';
}

/** Scientific notation with 2 decimals, e.g. 2.80e-12. */
export function formatSci(value: number): string {
  return value.toExponential(2);
}

/** Drag force in N, scientific. */
export function formatNewtons(value: number): string {
  return `${formatSci(value)} N`;
}

/** Lifetime: days, and years too when present. */
export function formatLifetime(days: number | undefined, years: number | undefined): string | null {
  if (days === undefined) return null;
  const dayText = `${Math.round(days).toLocaleString('en-US')} days`;
  const y = years ?? days / 365.25;
  return `${dayText} (${y.toFixed(1)} years)`;
}

/** NRLMSISE-00 number densities at one altitude, m⁻³ (the density profile's `composition`). */
export interface CompositionRow {
  n2: number;
  o: number;
  o2: number;
  he: number;
  h: number;
  n: number;
  ar: number;
}

export interface DensityRow {
  altitude: number;
  nrlmsise: number;
  jb2008: number;
  dtm2020: number;
  tiegcm: number;
  msis86: number;
  temperature: number | null;
  composition?: CompositionRow | undefined;
}

/** Spec §9: 13 altitudes from 100 to 600 km. */
export const PROFILE_ALTITUDES = [100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 550, 600] as const;

/**
 * Spec §8: the built-in fallback profile shown when the density profile fails, from the spec's own
 * comparison formula (§9): 2.8e-12 × exp((400 − alt) / 50) and the readings multipliers.
 * It is labelled 'Fallback'; there is no temperature.
 */
export function fallbackProfile(): DensityRow[] {
  return PROFILE_ALTITUDES.map((altitude) => {
    const base = DEFAULT_DENSITY * Math.exp((400 - altitude) / 50);
    return { altitude, nrlmsise: base, jb2008: base * 1.15, dtm2020: base * 1.08, tiegcm: base * 1.25, msis86: base * 0.92, temperature: null };
  });
}

/** A forecast value: scientific below 0.01 (densities), else at most one decimal (150, 946.7, 3). */
export function formatReading(value: number): string {
  if (value !== 0 && Math.abs(value) < 0.01) return formatSci(value);
  return String(Math.round(value * 10) / 10);
}
