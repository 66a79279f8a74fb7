import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataSourceStatus } from '@contracts/data-sources.ts';
import type { Ephemeris } from '@contracts/ephemerides.ts';
import type { SettingsResponse } from '@contracts/settings.ts';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

// As GET /api/settings answers with FLEET_OWNERS=ISRA, one NORAD id added that the catalogue holds and one it does not.
const SETTINGS: SettingsResponse = {
  effective: { fleet: { owners: ['ISRA'], noradIds: [25544, 99999] }, screening: { thresholdKm: 5, intervalMinutes: 15, windowDays: 7 }, alertLevel: 'high' },
  defaults: { fleet: { owners: ['ISRA'], noradIds: [] }, screening: { thresholdKm: 5, intervalMinutes: 15, windowDays: 7 }, alertLevel: 'high' },
  stored: ['fleetNoradIds'],
  updatedAt: '2026-11-27T08:00:00.000Z',
  updatedBy: 'alice',
  screeningEnabled: true,
  fleetMembers: [
    { noradId: 25544, name: 'ISS (ZARYA)', owner: 'ISS', objectType: 'payload', via: 'norad' },
    { noradId: 37820, name: 'AMOS-5', owner: 'ISRA', objectType: 'payload', via: 'owner' },
  ],
  missingNoradIds: [99999],
};
const SOURCES: DataSourceStatus[] = [
  {
    id: 'celestrak',
    name: 'CelesTrak',
    provides: 'Element sets (GP: OMM/TLE)',
    enabled: true,
    setup: 'GP groups active from https://celestrak.org',
    intervalMinutes: 360,
    state: 'failing',
    lastAttemptAt: '2026-11-27T07:00:00.000Z',
    lastSuccessAt: '2026-11-27T01:00:00.000Z',
    lastFailureAt: '2026-11-27T07:00:00.000Z',
    lastError: 'CelesTrak GP group active: fetch failed',
    lastResult: '120 element sets added, 9,880 already present, 0 rejected',
  },
  { id: 'spacetrack', name: 'Space-Track', provides: 'Element sets', enabled: false, setup: 'Off: set SPACETRACK_USER and SPACETRACK_PASSWORD to read it', intervalMinutes: null, state: 'off', lastAttemptAt: null, lastSuccessAt: null, lastFailureAt: null, lastError: null, lastResult: null },
  { id: 'noaa-swpc', name: 'NOAA SWPC', provides: 'Space weather (F10.7, Kp)', enabled: false, setup: 'Off (SWPC_UPDATES=off): import space-weather files instead', intervalMinutes: null, state: 'off', lastAttemptAt: null, lastSuccessAt: null, lastFailureAt: null, lastError: null, lastResult: null },
];
// One stored ephemeris of AMOS-5 (GET /api/ephemerides).
const EPHEMERIS: Ephemeris = {
  id: 4,
  noradId: 37820,
  objectId: '2011-022A',
  objectName: 'AMOS-5',
  originator: 'SPACECOM',
  creationDate: '2026-11-27T06:00:00.000Z',
  importedAt: '2026-11-27T07:30:00.000Z',
  importedBy: 'alice',
  fileName: 'amos5.oem',
  format: 'KVN',
  refFrame: 'EME2000',
  usableStart: '2026-11-27T06:00:00.000Z',
  usableStop: '2026-12-04T06:00:00.000Z',
  states: 10081,
  covariances: 0,
  sha256: 'cd'.repeat(32),
  fileUrl: '/api/ephemerides/4/file',
};

function mockConfigApi() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/settings' && method === 'PATCH') {
      const change = body as { fleetNoradIds?: number[]; thresholdKm?: number };
      return json(200, {
        ...SETTINGS,
        effective: {
          ...SETTINGS.effective,
          fleet: { ...SETTINGS.effective.fleet, noradIds: change.fleetNoradIds ?? SETTINGS.effective.fleet.noradIds },
          screening: { ...SETTINGS.effective.screening, thresholdKm: change.thresholdKm ?? 5 },
        },
      });
    }
    if (url.pathname === '/api/settings') return json(200, SETTINGS);
    if (url.pathname === '/api/data-sources') return json(200, SOURCES);
    if (url.pathname === '/api/data-sources/celestrak/update') return json(200, [{ ...SOURCES[0]!, state: 'ok', lastSuccessAt: '2026-11-27T08:05:00.000Z' }, ...SOURCES.slice(1)]);
    if (url.pathname === '/api/high-interest-objects') return json(200, []);
    if (url.pathname === '/api/ephemerides') return json(200, { ephemerides: [EPHEMERIS] });
    return new Response('Not Found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('/config', () => {
  it('shows the fleet: its owner codes and ids, its members linking to their pages, and the ids the catalogue lacks', async () => {
    mockConfigApi();
    renderApp('/config');
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuration' })).toBeTruthy();
    const owners = await screen.findByRole('list', { name: 'Fleet owner codes' });
    expect(within(owners).getByRole('button', { name: 'Remove ISRA' })).toBeTruthy();
    const ids = screen.getByRole('list', { name: 'Fleet NORAD ids' });
    expect(within(ids).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['25544', '99999']);
    const members = screen.getByRole('table', { name: 'Fleet members' });
    expect(within(members).getByRole('link', { name: 'ISS (ZARYA)' }).getAttribute('href')).toBe('/objects/25544');
    expect(within(members).getByRole('link', { name: 'AMOS-5' }).getAttribute('href')).toBe('/objects/37820');
    expect(screen.getByText('Not in the catalogue (yet): NORAD 99999')).toBeTruthy();
  });

  it('adds a NORAD id to the fleet and removes one; an owner already there is named, not sent', async () => {
    const calls = mockConfigApi();
    renderApp('/config');
    const form = await screen.findByRole('form', { name: 'Add to the fleet' });
    const input = within(form).getByLabelText('NORAD id or owner code');
    await userEvent.type(input, 'il');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Owner ISRA is in the fleet already')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, '43013');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ fleetNoradIds: [25544, 99999, 43013] }]));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove 99999' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ fleetNoradIds: [25544, 99999, 43013].filter((n) => n !== 99999) }));
  });

  it('checks the threshold with the server’s rules and saves only what changed', async () => {
    const calls = mockConfigApi();
    renderApp('/config');
    const threshold = await screen.findByLabelText('Threshold (km)');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '150');
    expect(screen.getByText('The threshold must be at most 100')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '2.5');
    await userEvent.click(save);
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ thresholdKm: 2.5 }]));
    await vi.waitFor(() => expect((screen.getByLabelText('Threshold (km)') as HTMLInputElement).value).toBe('2.5'));
  });

  it('lists the data sources with their last success and failure, and reads one that is on now', async () => {
    const calls = mockConfigApi();
    renderApp('/config');
    const list = await screen.findByRole('list', { name: 'Data sources' });
    const celestrak = within(list).getByRole('listitem', { name: 'CelesTrak' });
    expect(within(celestrak).getByText('Failing')).toBeTruthy();
    expect(within(celestrak).getByText('CelesTrak GP group active: fetch failed')).toBeTruthy();
    expect(within(celestrak).getByText('2026-11-27 01:00:00 UTC')).toBeTruthy();
    const spaceTrack = within(list).getByRole('listitem', { name: 'Space-Track' });
    expect(within(spaceTrack).getByText('Off')).toBeTruthy();
    expect(within(spaceTrack).queryByRole('button')).toBeNull();
    await userEvent.click(within(celestrak).getByRole('button', { name: 'Read CelesTrak now' }));
    expect(await within(celestrak).findByText('OK')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/data-sources/celestrak/update')).toBe(true);
  });

  it('offers the four kinds of file import', async () => {
    mockConfigApi();
    renderApp('/config');
    const imports = await screen.findByRole('list', { name: 'Imports' });
    expect(within(imports).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Element sets', 'SATCAT', 'Space weather', 'Conjunction data messages']);
  });

  it('offers the upload of operator ephemerides and lists the stored ones', async () => {
    const calls = mockConfigApi();
    renderApp('/config');
    const card = within(await screen.findByRole('region', { name: 'Operator ephemerides' }));
    expect(card.getByLabelText('OEM file')).toHaveAttribute('accept', '.oem,.txt,.xml,.kvn');
    expect(card.getByRole('button', { name: 'Upload' })).toBeDisabled();
    const table = await card.findByRole('table', { name: 'Stored ephemerides' });
    expect(within(table).getByRole('link', { name: 'AMOS-5' })).toHaveAttribute('href', '/objects/37820');
    expect(within(table).getByRole('link', { name: 'Download amos5.oem' })).toHaveAttribute('href', '/api/ephemerides/4/file');
    expect(calls.some((c) => c.path === '/api/ephemerides')).toBe(true);
  });
});
