import type { DragCalculatorRequest } from '@contracts/orbital-drag.ts';

/*
 * Spec §3/§5/§9: the Satellite Data form. Only name, mass, area, drag coefficient and altitude
 * plus the model are editable; the rest go with their defaults. Fields hold the typed text.
 */

export const CALCULATOR_MODEL_OPTIONS = ['nrlmsise', 'jb2008', 'dtm2020'] as const;
export type CalculatorModel = (typeof CALCULATOR_MODEL_OPTIONS)[number];

export interface DragForm {
  name: string;
  mass: string;
  crossSectionalArea: string;
  dragCoefficient: string;
  altitude: string;
  model: CalculatorModel;
}

export const INITIAL_FORM: DragForm = { name: '', mass: '', crossSectionalArea: '', dragCoefficient: '2.2', altitude: '400', model: 'nrlmsise' };

/** Spec §3 presets: mass kg, area m², altitude km, drag coefficient. */
export const PRESETS = [
  { name: 'Ofeq-16', mass: 400, area: 3.2, altitude: 450, dragCoefficient: 2.3 },
  { name: 'Ofeq-13', mass: 350, area: 2.8, altitude: 445, dragCoefficient: 2.2 },
  { name: 'Ofeq-11', mass: 300, area: 2.5, altitude: 448, dragCoefficient: 2.1 },
  { name: 'Ofeq-9', mass: 300, area: 2.4, altitude: 442, dragCoefficient: 2.2 },
] as const;

/** Selecting a preset fills name, mass, area, altitude and drag coefficient; the model stays. */
export function applyPreset(form: DragForm, presetName: string): DragForm {
  const preset = PRESETS.find((p) => p.name === presetName);
  if (!preset) return form;
  return {
    ...form,
    name: preset.name,
    mass: String(preset.mass),
    crossSectionalArea: String(preset.area),
    altitude: String(preset.altitude),
    dragCoefficient: String(preset.dragCoefficient),
  };
}

function nonZero(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && Number(trimmed) !== 0;
}

/** Spec §5: enabled only when name, mass and area are non-empty and non-zero (the button also waits while pending). */
export function canCalculate(form: DragForm): boolean {
  return form.name.trim() !== '' && nonZero(form.mass) && nonZero(form.crossSectionalArea);
}

/** Spec §3: every field is sent; numeric fields as numbers; the fixed ones at their defaults. */
export function toRequest(form: DragForm): DragCalculatorRequest {
  return {
    name: form.name,
    mass: Number(form.mass),
    crossSectionalArea: Number(form.crossSectionalArea),
    dragCoefficient: Number(form.dragCoefficient),
    altitude: Number(form.altitude),
    latitude: 32,
    longitude: 35,
    velocity: 7.66,
    solarFlux: 140,
    geomagnetic: 3,
    attitude: 'nominal',
    model: form.model,
  };
}
