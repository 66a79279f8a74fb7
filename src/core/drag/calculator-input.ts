/**
 * The drag calculator's request (product spec §3 "Custom satellite input", POST /api/drag-calculator/calculate)
 * and its validation. Pure: invalid input throws a `DragInputError` whose issues name each bad field; the
 * server answers those with 400.
 *
 * Defaults are the spec's (§3, §9): dragCoefficient 2.2, altitude 400 km, latitude 32°, longitude 35°, velocity
 * 7.66 km/s, solarFlux 140 sfu, geomagnetic 3 (read as Kp), attitude 'nominal'. `inclination` is ours
 * (optional): the spec's form has none.
 */
import { hasNul } from '../elements/nul.ts';
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

/** The numeric fields of the request. */
export type CalculatorNumberField =
  | 'mass' | 'crossSectionalArea' | 'dragCoefficient' | 'altitude' | 'latitude' | 'longitude' | 'velocity' | 'solarFlux' | 'geomagnetic' | 'inclination';

export interface CalculatorNumberLimit {
  readonly min: number;
  /** True: the value must be above `min` (the JSON Schema's exclusiveMinimum). */
  readonly aboveMin: boolean;
  readonly max: number;
  /** Unit and meaning, for messages and the OpenAPI description. */
  readonly unit: string;
}

/**
 * The range of each number, checked here and stated in the API contract (src/contracts/orbital-drag.ts, so
 * that OpenAPI shows it). Physical bounds, chosen so that every accepted request gives finite results
 * (calculator-limits.test.ts sweeps the corners):
 * - mass 1 g to 1,000 t: a chip satellite weighs a few grams, the ISS 420 t;
 * - area 1 mm² to 10,000 m²: a chip satellite's face to four times the ISS's solar arrays;
 * - Cd 0.1 to 10 (typical 2–2.5; free-molecular flow gives 2–4, so both ends are far outside anything real;
 *   a Cd near 0 would make the ballistic coefficient m/(Cd A) overflow);
 * - velocity above 0, at most 20 km/s (it is reported, not used; escape speed at 100 km is 11.1 km/s);
 * - altitude, solar flux: the ranges above; latitude, longitude, Kp, inclination: their definitions.
 */
export const CALCULATOR_NUMBER_LIMITS: Readonly<Record<CalculatorNumberField, CalculatorNumberLimit>> = Object.freeze({
  mass: { min: 0.001, aboveMin: false, max: 1e6, unit: 'kilograms' },
  crossSectionalArea: { min: 1e-6, aboveMin: false, max: 1e4, unit: 'square metres' },
  dragCoefficient: { min: 0.1, aboveMin: false, max: 10, unit: '(typical values are 2–2.5)' },
  altitude: { ...CALCULATOR_ALTITUDE_RANGE_KM, aboveMin: false, unit: 'km' },
  latitude: { min: -90, aboveMin: false, max: 90, unit: 'degrees' },
  longitude: { min: -180, aboveMin: false, max: 360, unit: 'degrees' },
  velocity: { min: 0, aboveMin: true, max: 20, unit: 'km/s' },
  solarFlux: { ...CALCULATOR_SOLAR_FLUX_RANGE, aboveMin: false, unit: 'sfu (F10.7)' },
  geomagnetic: { min: 0, aboveMin: false, max: 9, unit: '(Kp)' },
  inclination: { min: 0, aboveMin: false, max: 180, unit: 'degrees' },
});

/** Longest name and attitude, characters: labels on the page, not documents. */
export const CALCULATOR_TEXT_MAX = Object.freeze({ name: 200, attitude: 100 });

/**
 * Why a finite number is out of its field's range ("must be …, got v"), or undefined when it is in range.
 * Mass and area keep the wording "a positive number of …" for zero and below; the API contract gives the
 * same messages, so the 400 reads the same whichever check refuses the value.
 */
export function calculatorNumberProblem(field: CalculatorNumberField, value: number): string | undefined {
  const { min, aboveMin, max, unit } = CALCULATOR_NUMBER_LIMITS[field];
  if (value >= min && value <= max && !(aboveMin && value === min)) return undefined;
  const got = `, got ${value}`;
  switch (field) {
    case 'mass':
    case 'crossSectionalArea':
    case 'velocity':
      if (value <= 0) return `must be a positive number of ${unit}${got}`;
      return value < min ? `must be at least ${min} ${unit}${got}` : `must be at most ${max} ${unit}${got}`;
    default:
      return `must be between ${min} and ${max} ${unit}${got}`;
  }
}

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
  // Quoted, and cut: a message need not repeat a megabyte of input.
  if (typeof value === 'string') return value.length > 40 ? `'${value.slice(0, 40)}…' (${value.length} characters)` : `'${value}'`;
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

  const number = (field: CalculatorNumberField, fallback: number | undefined): number => {
    if (!present(field)) {
      if (fallback === undefined) issues.push({ field, message: 'is required' });
      return fallback ?? Number.NaN;
    }
    const value = raw[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      issues.push({ field, message: `must be a finite number, got ${describe(value)}` });
      return Number.NaN;
    }
    const problem = calculatorNumberProblem(field, value);
    if (problem !== undefined) issues.push({ field, message: problem });
    return value;
  };
  /** A non-empty text of at most `max` characters, without NUL (PostgreSQL text cannot hold one). */
  const textProblem = (value: unknown, max: number): string | undefined => {
    if (typeof value !== 'string' || value.trim() === '') return `must be a non-empty text, got ${describe(value)}`;
    if (value.trim().length > max) return `must be at most ${max} characters, got ${value.trim().length}`;
    if (hasNul(value)) return 'must not contain a NUL character (U+0000)';
    return undefined;
  };

  let name = '';
  if (!present('name')) {
    issues.push({ field: 'name', message: 'is required' });
  } else {
    const problem = textProblem(raw['name'], CALCULATOR_TEXT_MAX.name);
    if (problem === undefined) name = (raw['name'] as string).trim();
    else issues.push({ field: 'name', message: problem });
  }
  const mass = number('mass', undefined);
  const crossSectionalArea = number('crossSectionalArea', undefined);
  const dragCoefficient = number('dragCoefficient', CALCULATOR_DEFAULTS.dragCoefficient);
  const altitude = number('altitude', CALCULATOR_DEFAULTS.altitude);
  const latitude = number('latitude', CALCULATOR_DEFAULTS.latitude);
  const longitude = number('longitude', CALCULATOR_DEFAULTS.longitude);
  const velocity = number('velocity', CALCULATOR_DEFAULTS.velocity);
  const solarFlux = number('solarFlux', CALCULATOR_DEFAULTS.solarFlux);
  const geomagnetic = number('geomagnetic', CALCULATOR_DEFAULTS.geomagnetic);
  const inclination = present('inclination') ? number('inclination', undefined) : undefined;

  let attitude: string = CALCULATOR_DEFAULTS.attitude;
  if (present('attitude')) {
    const problem = textProblem(raw['attitude'], CALCULATOR_TEXT_MAX.attitude);
    if (problem === undefined) attitude = (raw['attitude'] as string).trim();
    else issues.push({ field: 'attitude', message: problem });
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
