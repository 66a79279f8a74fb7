import { describe, expect, it } from 'vitest';
import { createSgp4, propagateAt } from '../propagation/sgp4.ts';
import { subPointAt } from '../propagation/subpoint.ts';
import { orbitSummary } from '../orbit/mean-elements.ts';
import { utcMs } from '../units.ts';
import { generateDemoCatalog, DEMO_FIRST_NORAD } from './demo-catalog.ts';
import { ADVERSARIES, FLEET } from './named-objects.ts';

const NOW = utcMs(Date.parse('2026-11-21T19:00:00Z'));
const catalog = generateDemoCatalog({ now: NOW });
const newest = new Map(catalog.sets.map((s) => [s.norad, s]));

describe('generateDemoCatalog', () => {
  it('makes 50,000 objects, each with at least one element set', () => {
    expect(catalog.objects).toHaveLength(50_000);
    expect(new Set(catalog.objects.map((o) => o.noradId)).size).toBe(50_000);
    expect(newest.size).toBe(50_000);
  });

  it('is the same for the same day and differs on another day', () => {
    const again = generateDemoCatalog({ now: utcMs(NOW + 3 * 3600_000), size: 2000 });
    const same = generateDemoCatalog({ now: utcMs(NOW - 3600_000), size: 2000 });
    expect(again.sets.slice(0, 50)).toEqual(same.sets.slice(0, 50));
    const other = generateDemoCatalog({ now: utcMs(NOW + 86_400_000), size: 2000 });
    expect(other.sets[0]?.raan).not.toBe(same.sets[0]?.raan);
  });

  it('puts every newest epoch in the 3 days before the current UTC day, and history within 16 days', () => {
    const dayStart = Date.parse('2026-11-21T00:00:00Z');
    for (const s of newest.values()) {
      expect(s.epoch).toBeLessThan(dayStart);
      expect(s.epoch).toBeGreaterThan(dayStart - 3 * 86_400_000);
    }
    const oldest = Math.min(...catalog.sets.map((s) => s.epoch));
    expect(oldest).toBeGreaterThan(dayStart - 16 * 86_400_000);
  });

  it('contains the whole fleet and the 12 adversary satellites with their owners', () => {
    const byNorad = new Map(catalog.objects.map((o) => [o.noradId, o]));
    for (const sat of FLEET) expect(byNorad.get(sat.norad)).toMatchObject({ name: sat.name, owner: 'ISRA', category: sat.category });
    expect(ADVERSARIES).toHaveLength(12);
    const owners = ADVERSARIES.map((a) => byNorad.get(a.norad)?.owner);
    expect(owners.filter((o) => o === 'CIS')).toHaveLength(7);
    expect(owners.filter((o) => o === 'IRAN')).toHaveLength(5);
  });

  it('puts the OFEQ satellites in retrograde orbits of 141-144° between 300 and 600 km (DECISIONS.md §3)', () => {
    for (const sat of FLEET.filter((f) => f.name.startsWith('OFEQ'))) {
      const s = newest.get(sat.norad);
      if (!s) throw new Error(`no set for ${sat.name}`);
      const o = orbitSummary(s);
      expect(o.inclination).toBeGreaterThan(141);
      expect(o.inclination).toBeLessThan(144);
      expect(o.perigeeAltitude).toBeGreaterThan(300);
      expect(o.apogeeAltitude).toBeLessThan(600);
    }
  });

  it('parks the geostationary fleet in its published slots (within 0.5°)', () => {
    for (const sat of FLEET.filter((f) => f.longitudeSlot !== undefined)) {
      const s = newest.get(sat.norad);
      if (!s) throw new Error(`no set for ${sat.name}`);
      const r = subPointAt(createSgp4(s), NOW);
      if (!r.ok) throw new Error(r.message);
      const diff = ((r.point.longitude - (sat.longitudeSlot ?? 0) + 540) % 360) - 180;
      expect(Math.abs(diff), sat.name).toBeLessThan(0.5);
    }
  });

  it('keeps generic objects in the reserved NORAD range', () => {
    const named = new Set([...FLEET, ...ADVERSARIES].map((o) => o.norad));
    for (const o of catalog.objects) if (!named.has(o.noradId)) expect(o.noradId).toBeGreaterThanOrEqual(DEMO_FIRST_NORAD);
  });

  it('gives element sets SGP4 can propagate now: at least 99.9 % succeed', () => {
    let ok = 0;
    for (const s of newest.values()) if (propagateAt(createSgp4(s), NOW).ok) ok++;
    expect(ok / newest.size).toBeGreaterThan(0.999);
  });

  it('hides manoeuvres whose element change matches their delta-v (Δa = 2aΔv/v, Δi = Δv/v)', () => {
    expect(catalog.maneuvers.length).toBeGreaterThanOrEqual(8);
    for (const m of catalog.maneuvers) {
      const history = catalog.sets.filter((s) => s.norad === m.noradId);
      const before = history.filter((s) => s.epoch < m.time).at(-1);
      const after = history.find((s) => s.epoch >= m.time);
      if (!before || !after) throw new Error(`manoeuvre of ${m.noradId} is not inside its history`);
      const a0 = orbitSummary(before).semiMajorAxis;
      const a1 = orbitSummary(after).semiMajorAxis;
      const v = Math.sqrt(398600.8 / a1);
      if (m.type === 'plane_change') {
        const di = ((after.inclination - before.inclination) * Math.PI) / 180;
        expect(Math.abs(di) * v * 1000).toBeCloseTo(m.deltaV, 0);
      } else {
        const expected = (2 * a1 * (m.deltaV / 1000)) / v;
        expect(Math.sign(a1 - a0)).toBe(m.type === 'orbit_raising' ? 1 : -1);
        expect(Math.abs(a1 - a0)).toBeGreaterThan(expected * 0.8);
        expect(Math.abs(a1 - a0)).toBeLessThan(expected * 1.2);
      }
    }
  });
});
