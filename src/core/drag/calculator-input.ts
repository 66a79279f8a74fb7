/**
 * The drag calculator's request (product spec §3 "Custom satellite input", POST /api/drag-calculator/calculate)
 * and its validation. Pure: invalid input throws a `DragInputError` whose issues name each bad field; the
 * server answers those with 400.
 *
 * Defaults are the spec's (§3, §9): dragCoefficient 2.2, altitude 400 km, latitude 32°, longitude 35°, velocity
 * 7.66 km/s, solarFlux 140 sfu, geomagnetic 3 (read as Kp), attitude 'nominal'. `inclination` is ours
 * (optional): the spec's form has none.
 */
import { inclinationReaches } from './circular-orbit.ts';

export type CalculatorModel = 'nrlmsise' | 'jb2008' | 'dtm2020';
export const CALCULATOR_MODELS: readonly CalculatorModel[] = ['nrlmsise', 'jb2008', 'dtm2020'];

/** Validated input with defaults filled in. */
export interface DragCalculatorInput {
  readonly name: string;
  /** kg. */
  readonly mass: number;
  /** m². */
  readonly crossSectionalArea: number;
  readonly dragCoefficient: number;
  /** km. */
  readonly altitude: number;
  /** Geodetic latitude, degrees. */
  readonly latitude: number;
  /** East longitude, degrees. */
  readonly longitude: number;
  /** km/s, as sent; see calculator.ts for why the circular speed is used instead. */
  readonly velocity: number;
  /** F10.7, sfu. */
  readonly solarFlux: number;
  /** Kp, 0–9. */
  readonly geomagnetic: number;
  readonly attitude: string;
  readonly model: CalculatorModel;
  /** Degrees, 0–180; absent: the default of calculator.ts. */
  readonly inclination?: number;
}

export const CALCULATOR_DEFAULTS = Object.freeze({
  dragCoefficient: 2.2,
  altitude: 400,
  latitude: 32,
  longitude: 35,
  velocity: 7.66,
  solarFlux: 140,
  geomagnetic: 3,
  attitude: 'nominal',
});

/** Altitudes the calculator accepts, km: from where JB2008 and NRLMSISE-00 both apply and drag matters, to where it has stopped mattering. */
export const CALCULATOR_ALTITUDE_RANGE_KM = Object.freeze({ min: 100, max: 2000 });
/**
 * F10.7 the calculator accepts, sfu: 99.8 % of the observed days of 1957–2024 lie within 65–338 (CelesTrak SW-All;
 * single days reach 938 during flares), and the models were fitted within about that range.
 */
export const CALCULATOR_SOLAR_FLUX_RANGE = Object.freeze({ min: 50, max: 400 });

export interface DragInputIssue {
  readonly field: string;
  readonly message: string;
}

/** Invalid calculator input: one issue per bad field. */
export class DragInputError extends Error {
  readonly issues: readonly DragInputIssue[];

  constructor(issues: readonly DragInputIssue[]) {
    super(`Invalid drag calculator input: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`);
    this.name = 'DragInputError';
    this.issues = issues;
  }
}

type Raw = Record<string, unknown>;

function describe(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (value === null) return 'null';
  return typeof value === 'number' ? String(value) : typeof value;
}

/**
 * Check and complete a request body. Numbers must be JSON numbers (the client converts its fields); optional
 * fields may be absent or null. Throws DragInputError listing every problem.
 */
export function parseDragCalculatorInput(body: unknown): DragCalculatorInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DragInputError([{ field: 'body', message: 'must be a JSON object' }]);
  }
  const raw = body as Raw;
  const issues: DragInputIssue[] = [];
  const present = (field: string) => raw[field] !== undefined && raw[field] !== null;

  const number = (field: string, fallback: number | undefined, check: (v: number) => string | undefined): number => {
    if (!present(field)) {
      if (fallback === undefined) issues.push({ field, message: 'is required' });
      return fallback ?? Number.NaN;
    }
    const value = raw[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      issues.push({ field, message: `must be a finite number, got ${describe(value)}` });
      return Number.NaN;
    }
    const problem = check(value);
    if (problem !== undefined) issues.push({ field, message: `${problem}, got ${value}` });
    return value;
  };
  const positive = (unit: string) => (v: number) => (v > 0 ? undefined : `must be a positive number of ${unit}`);
  const between = (min: number, max: number, unit: string) => (v: number) => (v >= min && v <= max ? undefined : `must be between ${min} and ${max} ${unit}`);

  let name = '';
  if (typeof raw['name'] !== 'string' || raw['name'].trim() === '') {
    issues.push({ field: 'name', message: present('name') ? `must be a non-empty text, got ${describe(raw['name'])}` : 'is required' });
  } else {
    name = raw['name'].trim();
  }
  const mass = number('mass', undefined, positive('kilograms'));
  const crossSectionalArea = number('crossSectionalArea', undefined, positive('square metres'));
  const dragCoefficient = number('dragCoefficient', CALCULATOR_DEFAULTS.dragCoefficient, (v) => (v > 0 && v <= 10 ? undefined : 'must be greater than 0 and at most 10 (typical values are 2–2.5)'));
  const { min, max } = CALCULATOR_ALTITUDE_RANGE_KM;
  const altitude = number('altitude', CALCULATOR_DEFAULTS.altitude, between(min, max, 'km'));
  const latitude = number('latitude', CALCULATOR_DEFAULTS.latitude, between(-90, 90, 'degrees'));
  const longitude = number('longitude', CALCULATOR_DEFAULTS.longitude, between(-180, 360, 'degrees'));
  const velocity = number('velocity', CALCULATOR_DEFAULTS.velocity, positive('km/s'));
  const flux = CALCULATOR_SOLAR_FLUX_RANGE;
  const solarFlux = number('solarFlux', CALCULATOR_DEFAULTS.solarFlux, between(flux.min, flux.max, 'sfu (F10.7)'));
  const geomagnetic = number('geomagnetic', CALCULATOR_DEFAULTS.geomagnetic, between(0, 9, '(Kp)'));
  const inclination = present('inclination') ? number('inclination', undefined, between(0, 180, 'degrees')) : undefined;

  let attitude: string = CALCULATOR_DEFAULTS.attitude;
  if (present('attitude')) {
    if (typeof raw['attitude'] === 'string' && raw['attitude'].trim() !== '') attitude = raw['attitude'].trim();
    else issues.push({ field: 'attitude', message: `must be a non-empty text, got ${describe(raw['attitude'])}` });
  }

  let model: CalculatorModel = 'nrlmsise';
  const rawModel = raw['model'];
  if (!present('model')) issues.push({ field: 'model', message: `is required: one of ${CALCULATOR_MODELS.join(', ')}` });
  else if (typeof rawModel === 'string' && (CALCULATOR_MODELS as readonly string[]).includes(rawModel)) model = rawModel as CalculatorModel;
  else issues.push({ field: 'model', message: `must be one of ${CALCULATOR_MODELS.join(', ')}, got ${describe(rawModel)}` });

  const flagged = (field: string) => issues.some((issue) => issue.field === field);
  if (inclination !== undefined && !flagged('inclination') && !flagged('latitude') && !inclinationReaches(inclination, latitude)) {
    issues.push({ field: 'inclination', message: `an orbit inclined ${inclination}° never reaches latitude ${latitude}°` });
  }

  if (issues.length > 0) throw new DragInputError(issues);
  return {
    name, mass, crossSectionalArea, dragCoefficient, altitude, latitude, longitude, velocity, solarFlux, geomagnetic, attitude, model,
    ...(inclination === undefined ? {} : { inclination }),
  };
}
