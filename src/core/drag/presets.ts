/**
 * Mass, cross-section area and drag coefficient of a satellite whose own values are not published: the product
 * spec's presets (§3), else an estimate from its catalogued mass, else the presets' mean. Each answer says which
 * (`source`): the drag force scales with the area, so anything but a preset is an estimate.
 */
import { CALCULATOR_DEFAULTS } from './calculator-input.ts';

export interface DragPreset {
  readonly name: string;
  readonly massKg: number;
  readonly areaM2: number;
  readonly altitudeKm: number;
  readonly dragCoefficient: number;
}

/** Product spec §3, "Presets (mass kg, area m², altitude km, drag coefficient)". */
export const DRAG_PRESETS = [
  { name: 'Ofeq-16', massKg: 400, areaM2: 3.2, altitudeKm: 450, dragCoefficient: 2.3 },
  { name: 'Ofeq-13', massKg: 350, areaM2: 2.8, altitudeKm: 445, dragCoefficient: 2.2 },
  { name: 'Ofeq-11', massKg: 300, areaM2: 2.5, altitudeKm: 448, dragCoefficient: 2.1 },
  { name: 'Ofeq-9', massKg: 300, areaM2: 2.4, altitudeKm: 442, dragCoefficient: 2.2 },
] as const satisfies readonly DragPreset[];

const meanOf = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/**
 * A satellite with neither a preset nor a catalogued mass: the mean of the four presets (337.5 kg, 2.725 m²) with
 * the spec's default Cd 2.2 (the drag calculator's default, calculator-input.ts).
 */
export const DEFAULT_DRAG_PROPERTIES = Object.freeze({
  massKg: meanOf(DRAG_PRESETS.map((p) => p.massKg)),
  areaM2: meanOf(DRAG_PRESETS.map((p) => p.areaM2)),
  dragCoefficient: CALCULATOR_DEFAULTS.dragCoefficient,
});

/** The presets' mean area-to-mass ratio, m²/kg (2.725 / 337.5 ≈ 0.0081): the area of a satellite known by its mass. */
export const DEFAULT_AREA_PER_MASS_M2_PER_KG = DEFAULT_DRAG_PROPERTIES.areaM2 / DEFAULT_DRAG_PROPERTIES.massKg;

export interface DragProperties {
  readonly massKg: number;
  readonly areaM2: number;
  readonly dragCoefficient: number;
  /** Where the values come from: a preset, the catalogued mass, or the default. */
  readonly source: string;
}

/** A name as the presets are matched: upper case, OFEK read as OFEQ, letters and digits only ("OFEK 11" = "Ofeq-11"). */
const presetKey = (name: string) => name.toUpperCase().replace('OFEK', 'OFEQ').replace(/[^A-Z0-9]/g, '');

/** The index of the preset a satellite's name matches (any spelling, OFEK or OFEQ), or −1. */
export function presetIndexOf(name: string): number {
  const key = presetKey(name);
  return DRAG_PRESETS.findIndex((p) => presetKey(p.name) === key);
}

/** Mass, area and Cd of a catalogue object: its spec preset, else its catalogued mass, else the stated default. */
export function dragPropertiesOf(object: { readonly name: string; readonly massKg: number | null }): DragProperties {
  const preset = DRAG_PRESETS[presetIndexOf(object.name)];
  if (preset) {
    return { massKg: preset.massKg, areaM2: preset.areaM2, dragCoefficient: preset.dragCoefficient, source: `product spec §3 preset ${preset.name}` };
  }
  const cd = DEFAULT_DRAG_PROPERTIES.dragCoefficient;
  if (object.massKg !== null && object.massKg > 0) {
    const area = object.massKg * DEFAULT_AREA_PER_MASS_M2_PER_KG;
    return {
      massKg: object.massKg,
      areaM2: area,
      dragCoefficient: cd,
      source: `catalogue mass ${object.massKg} kg; area ${area.toPrecision(3)} m² from the spec presets' mean area-to-mass ratio ${DEFAULT_AREA_PER_MASS_M2_PER_KG.toFixed(4)} m²/kg; Cd ${cd} (spec default)`,
    };
  }
  const d = DEFAULT_DRAG_PROPERTIES;
  return {
    massKg: d.massKg,
    areaM2: d.areaM2,
    dragCoefficient: cd,
    source: `no mass or area known: the mean of the spec presets (${d.massKg} kg, ${d.areaM2} m², Cd ${cd})`,
  };
}
