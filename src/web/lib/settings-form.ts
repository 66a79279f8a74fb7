import { SETTING_VALUES, type SettingsChange, type SettingsResponse } from '@contracts/settings.ts';
import { normalizeOwner } from '@core/operations/index.ts';

/*
 * The Configuration screen's forms (issue 14): a fleet entry typed as a NORAD id or an owner code,
 * and the screening settings checked with the server's own rules (contracts/settings.ts) before
 * they are sent, so the form names a problem in the server's words without a round trip.
 */

export type FleetEntry = { noradId: number; owner?: undefined } | { owner: string; noradId?: undefined } | { problem: string };

/** '25544' → a NORAD id; 'isra', 'IL' → the owner code ISRA; anything else → the problem. */
export function parseFleetEntry(text: string): FleetEntry {
  const value = text.trim().toUpperCase();
  if (value === '') return { problem: 'Type a NORAD id or an owner code' };
  if (/^\d+$/.test(value)) {
    const parsed = SETTING_VALUES.fleetNoradIds.element.safeParse(Number(value));
    return parsed.success ? { noradId: parsed.data } : { problem: `NORAD id ${value} ${parsed.error.issues[0]?.message ?? 'is not valid'}` };
  }
  const parsed = SETTING_VALUES.fleetOwners.element.safeParse(value);
  if (!parsed.success) return { problem: `'${text.trim()}' ${parsed.error.issues[0]?.message ?? 'is not valid'}` };
  // The spec's country codes resolved as the server resolves them (IL → ISRA, RU → CIS, …).
  return { owner: normalizeOwner(parsed.data) ?? parsed.data };
}

export interface ScreeningForm {
  thresholdKm: string;
  intervalMinutes: string;
  windowDays: string;
  alertLevel: 'high' | 'critical';
}

export function screeningForm(settings: SettingsResponse): ScreeningForm {
  const { screening, alertLevel } = settings.effective;
  return { thresholdKm: String(screening.thresholdKm), intervalMinutes: String(screening.intervalMinutes), windowDays: String(screening.windowDays), alertLevel };
}

type NumberField = 'thresholdKm' | 'intervalMinutes' | 'windowDays';
const NUMBER_FIELDS: readonly NumberField[] = ['thresholdKm', 'intervalMinutes', 'windowDays'];

/**
 * The change the form asks for (only the fields that differ from what is in force), or the
 * problems per field in the server's words.
 */
export function screeningChange(form: ScreeningForm, settings: SettingsResponse): { change: SettingsChange | null; problems: Partial<Record<keyof ScreeningForm, string>> } {
  const change: Record<string, unknown> = {};
  const problems: Partial<Record<keyof ScreeningForm, string>> = {};
  for (const field of NUMBER_FIELDS) {
    const text = form[field].trim();
    const parsed = SETTING_VALUES[field].safeParse(text === '' ? undefined : Number(text.replace(/,/g, '')));
    if (!parsed.success) problems[field] = parsed.error.issues[0]?.message ?? 'not valid';
    else if (parsed.data !== settings.effective.screening[field]) change[field] = parsed.data;
  }
  if (form.alertLevel !== settings.effective.alertLevel) change.alertLevel = form.alertLevel;
  return { change: Object.keys(problems).length === 0 && Object.keys(change).length > 0 ? (change as SettingsChange) : null, problems };
}
