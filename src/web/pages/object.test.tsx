import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ObjectDetail, ObjectHistoryResponse } from '../../contracts/object-exports.ts';
import { stubResizeObserver } from '@/components/sst/jsdom-layout';
import { termPairs } from '@/test/card-harness';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

// The ISS of the 2023-10-09 catalogue as GET /api/objects/25544?at=2023-10-09T18:00:00Z answers (values from the server's test).
const DETAIL: ObjectDetail = {
  noradId: 25544,
  name: 'ISS (ZARYA)',
  cosparId: '1998-067A',
  objectType: 'payload',
  owner: 'ISS',
  rcsSize: 'LARGE',
  massKg: 450000,
  launchDate: '1998-11-20',
  decayDate: null,
  category: null,
  mission: null,
  description: null,
  fleet: false,
  threat: null,
  elementSet: { epoch: '2023-10-09T17:09:24.185Z', source: 'File import', ageDays: 0.035, classification: 'U', elementSetNo: 999, revAtEpoch: 41955 },
  orbit: {
    semiMajorAxisKm: 6796.6,
    perigeeKm: 414.98,
    apogeeKm: 421.95,
    periodMin: 92.9042,
    eccentricity: 0.0005123,
    inclinationDeg: 51.641,
    raanDeg: 121.2575,
    argPerigeeDeg: 92.319,
    meanAnomalyDeg: 358.8196,
    meanMotionRevPerDay: 15.49983917,
    bstar: 0.00035938,
  },
  now: {
    time: '2023-10-09T18:00:00.000Z',
    latitudeDeg: -12.3456,
    longitudeDeg: 101.5,
    altitudeKm: 418.25,
    speedKmS: 7.6612,
    positionTemeKm: [1234.5678, -5678.9, 3456.1],
    velocityTemeKmS: [6.123456, 2.5, -3.25],
  },
  nowError: null,
};
const HISTORY: ObjectHistoryResponse = {
  items: [
    { epoch: '2023-10-08T12:00:00.000Z', source: 'File import', perigeeKm: 415.5, apogeeKm: 422.1, inclinationDeg: 51.641, meanMotionRevPerDay: 15.4997, bstar: 0.0003 },
    { epoch: '2023-10-09T17:09:24.185Z', source: 'File import', perigeeKm: 414.98, apogeeKm: 421.95, inclinationDeg: 51.641, meanMotionRevPerDay: 15.49983917, bstar: 0.00035938 },
  ],
  maneuvers: [{ id: 7, satelliteId: 25544, satelliteName: 'ISS (ZARYA)', maneuverType: 'orbit_raising', direction: 'prograde', deltaV: 0.52, maneuverTime: '2023-10-09T02:00:00.000Z', detectionTime: '2023-10-09T17:09:24.185Z', confidence: 0.9 }],
};

function mockObjectApi(detail: ObjectDetail | Response = DETAIL) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/objects/25544') return detail instanceof Response ? detail : json(200, detail);
    if (url.pathname === '/api/objects/25544/history') return json(200, HISTORY);
    if (url.pathname === '/api/objects/99999') return json(404, { message: 'No object 99999 in the catalogue' });
    return new Response('Not Found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeAll(() => stubResizeObserver());
beforeEach(() => {
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container') ? new DOMRect(0, 0, 640, 280) : measure.call(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const fields = (name: string) => Object.fromEntries(termPairs(screen.getByRole('region', { name })));

describe('the object page (/objects/:norad)', () => {
  it('titles the page with the name and ids, and shows identity, the state now and the orbit', async () => {
    mockObjectApi();
    renderApp('/objects/25544');
    expect(await screen.findByRole('heading', { level: 1, name: 'ISS (ZARYA)' })).toBeInTheDocument();
    expect(screen.getByText('NORAD 25544 · 1998-067A')).toBeInTheDocument();
    expect(fields('Identity')).toMatchObject({ 'NORAD ID': '25544', 'COSPAR ID': '1998-067A', Type: 'Payload', Owner: 'ISS', Launch: '1998-11-20', Mass: '450,000 kg' });
    expect(fields('Now')).toMatchObject({
      'Time (UTC)': '2023-10-09 18:00:00',
      Latitude: '-12.3456°',
      Altitude: '418.25 km',
      'Position TEME (km)': '1,234.568, -5,678.900, 3,456.100',
    });
    expect(fields('Orbit')).toMatchObject({ Perigee: '415.0 km', Apogee: '422.0 km', Period: '92.90 min', Inclination: '51.6410°', 'Mean motion': '15.49983917 rev/day', 'B*': '3.59380e-4 1/ER' });
  });

  it('charts the element-set history with its manoeuvres, and lists them', async () => {
    mockObjectApi();
    renderApp('/objects/25544');
    const history = await screen.findByRole('region', { name: 'Element-Set History' });
    expect(history).toHaveTextContent('2 element sets · 1 manoeuvre detected');
    expect(screen.getByRole('figure', { name: /Perigee and apogee height/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Manoeuvres detected' })).toHaveTextContent('orbit raising (prograde)0.52 m/s90 %');
  });

  it('links every export to its API route', async () => {
    mockObjectApi();
    const user = userEvent.setup();
    renderApp('/objects/25544');
    const download = await screen.findByRole('link', { name: 'Download element sets' });
    expect(download).toHaveAttribute('href', '/api/objects/25544/elements?format=3le&history=false');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Element set format' }), 'omm-xml');
    await user.click(screen.getByRole('checkbox', { name: 'Whole history' }));
    expect(download).toHaveAttribute('href', '/api/objects/25544/elements?format=omm-xml&history=true');
    const start = screen.getByRole('textbox', { name: 'Start (UTC)' });
    await user.clear(start);
    await user.type(start, '2023-10-09T18:00:00Z');
    const end = screen.getByRole('textbox', { name: 'End (UTC)' });
    await user.clear(end);
    await user.type(end, '2023-10-10T18:00:00Z');
    await user.selectOptions(screen.getByRole('combobox', { name: 'OEM frame' }), 'TEME');
    expect(screen.getByRole('link', { name: 'Download OEM' })).toHaveAttribute('href', '/api/objects/25544/oem?start=2023-10-09T18%3A00%3A00Z&end=2023-10-10T18%3A00%3A00Z&step=60&frame=TEME');
    expect(screen.getByRole('link', { name: 'Download CZML' })).toHaveAttribute('href', '/api/objects/25544/czml?start=2023-10-09T18%3A00%3A00Z&end=2023-10-10T18%3A00%3A00Z&step=60');
  });

  it('says why there is no position when SGP4 cannot give one', async () => {
    mockObjectApi({ ...DETAIL, now: null, nowError: 'SGP4 error 6: satellite has decayed: orbit radius below one Earth radius' });
    renderApp('/objects/25544');
    expect(await screen.findByRole('region', { name: 'Now' })).toHaveTextContent('Not available: SGP4 error 6: satellite has decayed');
  });

  it('says so for an object the catalogue does not hold, and shows a server error as one', async () => {
    mockObjectApi();
    renderApp('/objects/99999');
    expect(await screen.findByText('No object 99999 in the catalogue')).toBeInTheDocument();
    vi.unstubAllGlobals();
    mockObjectApi(json(500, { message: 'Internal Server Error' }));
    renderApp('/objects/25544');
    expect(await screen.findByText('Error loading object: Internal Server Error')).toBeInTheDocument();
  });
});
