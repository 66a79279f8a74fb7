import { describe, expect, it } from 'vitest';
import type { SettingsResponse } from '@contracts/settings.ts';
import { parseFleetEntry, screeningChange, screeningForm } from '@/lib/settings-form';

const settings: SettingsResponse = {
  effective: { fleet: { owners: ['ISRA'], noradIds: [] }, screening: { thresholdKm: 5, intervalMinutes: 15, windowDays: 7 }, alertLevel: 'high' },
  defaults: { fleet: { owners: ['ISRA'], noradIds: [] }, screening: { thresholdKm: 5, intervalMinutes: 15, windowDays: 7 }, alertLevel: 'high' },
  stored: [],
  updatedAt: null,
  updatedBy: null,
  screeningEnabled: true,
  fleetMembers: [],
  missingNoradIds: [],
};

describe('the Configuration forms', () => {
  it('reads a fleet entry as a NORAD id or an owner code (spec aliases resolved)', () => {
    expect(parseFleetEntry(' 25544 ')).toEqual({ noradId: 25544 });
    expect(parseFleetEntry('isra')).toEqual({ owner: 'ISRA' });
    expect(parseFleetEntry('IL')).toEqual({ owner: 'ISRA' });
    expect(parseFleetEntry('ru')).toEqual({ owner: 'CIS' });
    expect(parseFleetEntry('0')).toEqual({ problem: 'NORAD id 0 must be a positive NORAD id' });
    expect(parseFleetEntry('not a code')).toEqual({ problem: `'not a code' must be a SATCAT owner code of up to 10 letters, digits or "/", e.g. ISRA` });
    expect(parseFleetEntry('  ')).toEqual({ problem: 'Type a NORAD id or an owner code' });
  });

  it('sends only what changed, and names a value out of bounds in the server’s words', () => {
    const form = screeningForm(settings);
    expect(form).toEqual({ thresholdKm: '5', intervalMinutes: '15', windowDays: '7', alertLevel: 'high' });
    expect(screeningChange(form, settings)).toEqual({ change: null, problems: {} });
    expect(screeningChange({ ...form, thresholdKm: '2.5', alertLevel: 'critical' }, settings)).toEqual({ change: { thresholdKm: 2.5, alertLevel: 'critical' }, problems: {} });
    expect(screeningChange({ ...form, thresholdKm: '150', windowDays: '0', intervalMinutes: 'x' }, settings)).toEqual({
      change: null,
      problems: { thresholdKm: 'The threshold must be at most 100', windowDays: 'The window must be a positive number of days', intervalMinutes: 'The interval must be a number of minutes' },
    });
    expect(screeningChange({ ...form, intervalMinutes: '0.5' }, settings).problems).toEqual({ intervalMinutes: 'The interval must be at least 1 minute' });
  });
});
