import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ephemeris } from '@contracts/ephemerides.ts';
import type { ObjectDetail, ObjectHistoryResponse } from '@contracts/object-exports.ts';
import { makeListItem } from '@/components/alerts/alerts-fixtures';
import { stubResizeObserver } from '@/test/jsdom-layout';
import { termPairs } from '@/test/card-harness';
import { captureDownloads } from '@/test/downloads';
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

const EVENT = makeListItem({
  conjunctionId: 'CNJ-2023-042',
  status: 'open',
  tca: '2023-10-10T03:00:00.000Z',
  primaryObject: { noradId: 25544, name: 'ISS (ZARYA)', cosparId: '1998-067A', objectType: 'payload', owner: 'ISS' },
  secondaryObject: { noradId: 40360, name: 'FENGYUN 1C DEB', cosparId: '1999-025DXA', objectType: 'debris', owner: 'PRC' },
  missDistance: 1234.5,
  collisionProbability: 2.5e-5,
  riskLevel: 'medium',
});
// An event of another object whose name happens to contain the digits: not this object's.
const OTHER_EVENT = makeListItem({ conjunctionId: 'CNJ-2023-043', primaryObject: { noradId: 11111, name: 'TEST 25544 SAT', cosparId: null, objectType: 'payload', owner: null } });
const PROXIMITY = {
  id: 3,
  primaryObject: { noradId: 25544, name: 'ISS (ZARYA)', cosparId: '1998-067A', objectType: 'payload', owner: 'ISS' },
  secondaryObject: { noradId: 49044, name: 'ISS (NAUKA)', cosparId: '2021-066A', objectType: 'payload', owner: 'ISS' },
  kind: 'attached',
  start: '2023-10-09T00:00:00.000Z',
  end: '2023-10-10T00:00:00.000Z',
  minDistance: 28.1,
  maxDistance: 31.2,
  meanDistance: 29.9,
  relativeSpeed: 0.01,
  status: 'open',
  firstDetected: '2023-10-09T00:00:00.000Z',
  lastUpdated: '2023-10-09T06:00:00.000Z',
};

const TRACK = {
  id: 25544,
  name: 'ISS (ZARYA)',
  category: 'other',
  period: 92.9,
  points: [
    { time: '2023-10-09T18:00:00.000Z', latitude: -12.3456, longitude: 101.5, altitude: 418.25 },
    { time: '2023-10-09T18:05:00.000Z', latitude: 5.1, longitude: 118.2, altitude: 417.9 },
    { time: '2023-10-09T18:10:00.000Z', latitude: 22.0, longitude: 137.9, altitude: 419.1 },
    { time: '2023-10-09T18:15:00.000Z', latitude: 37.5, longitude: 164.0, altitude: 421.0 },
    { time: '2023-10-09T18:20:00.000Z', latitude: 48.9, longitude: -160.2, altitude: 422.3 },
  ],
};

const DECAY = {
  elementsEpoch: '2023-10-09T17:09:24.185Z',
  perigeeKm: 414.98,
  apogeeKm: 421.95,
  capYears: 25,
  runs: [
    { model: 'NRLMSISE-00', dragBasis: 'B* 3.5938e-4', dragParameterM2PerKg: 0.00458, status: 'reentry', reentryTime: '2026-06-20T04:00:00.000Z', lifetimeText: '2.7 years' },
    { model: 'JB2008', dragBasis: 'B* 3.5938e-4', dragParameterM2PerKg: 0.00458, status: 'reentry', reentryTime: '2026-02-11T10:00:00.000Z', lifetimeText: '2.3 years' },
  ],
  earliestReentry: '2026-02-11T10:00:00.000Z',
  latestReentry: '2026-06-20T04:00:00.000Z',
  curve: [
    { time: '2023-10-09T17:09:24.185Z', altitudeKm: 418.5, perigeeKm: 415, apogeeKm: 422 },
    { time: '2025-01-01T00:00:00.000Z', altitudeKm: 350, perigeeKm: 348, apogeeKm: 352 },
    { time: '2026-06-20T04:00:00.000Z', altitudeKm: 120, perigeeKm: 120, apogeeKm: 120 },
  ],
  note: 'Orbit-averaged decay integrated from the element set’s mean orbit.',
};

function mockObjectApi(detail: ObjectDetail | Response = DETAIL, ephemerides: Ephemeris[] = []) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/conjunctions') return json(200, { total: 2, items: [EVENT, OTHER_EVENT] });
    if (url.pathname === '/api/proximities') return json(200, [PROXIMITY]);
    if (url.pathname === '/api/objects/25544/ground-track') return json(200, TRACK);
    if (url.pathname === '/api/objects/25544/decay') return json(200, DECAY);
    if (url.pathname === '/api/objects/25544') return detail instanceof Response ? detail : json(200, detail);
    if (url.pathname === '/api/objects/25544/history') return json(200, HISTORY);
    if (url.pathname === '/api/objects/99999') return json(404, { message: 'No object 99999 in the catalogue' });
    if (url.pathname === '/api/ephemerides') return json(200, { ephemerides: url.searchParams.get('norad') === '25544' ? ephemerides : [] });
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
    expect(screen.getByRole('figure', { name: /B\* drag term/ })).toBeInTheDocument();
    expect(within(history).getByRole('list', { name: 'Legend' })).toHaveTextContent('PerigeeApogeeInclinationB*Manoeuvre');
    expect(screen.getByRole('table', { name: 'Manoeuvres detected' })).toHaveTextContent('orbit raising (prograde)0.52 m/s90 %');
  });

  it('exports the element-set history and its manoeuvres as CSV, values in full with their units', async () => {
    mockObjectApi();
    const user = userEvent.setup();
    renderApp('/objects/25544');
    const history = within(await screen.findByRole('region', { name: 'Element-Set History' }));
    const downloads = captureDownloads();
    await user.click(history.getByRole('button', { name: 'Export CSV' }));
    let csv = await downloads.csv();
    expect(csv.name).toMatch(/^object-25544-element-sets-\d{8}-\d{4}\.csv$/);
    expect(csv.header).toEqual(['Epoch (UTC)', 'Perigee height (km)', 'Apogee height (km)', 'Inclination (deg)', 'Mean motion (rev/day)', 'B* (1/earth radii)', 'Source']);
    expect(csv.rows).toEqual([
      ['2023-10-08T12:00:00.000Z', '415.5', '422.1', '51.641', '15.4997', '0.0003', 'File import'],
      ['2023-10-09T17:09:24.185Z', '414.98', '421.95', '51.641', '15.49983917', '0.00035938', 'File import'],
    ]);
    await user.click(history.getByRole('button', { name: 'Export manoeuvres CSV' }));
    csv = await downloads.csv();
    expect(csv.name).toMatch(/^object-25544-manoeuvres-/);
    expect(csv.header).toEqual(['Time (UTC)', 'Detected (UTC)', 'Type', 'Direction', 'Delta-v (m/s)', 'Confidence (0-1)']);
    expect(csv.rows).toEqual([['2023-10-09T02:00:00.000Z', '2023-10-09T17:09:24.185Z', 'orbit_raising', 'prograde', '0.52', '0.9']]);
  });

  it("lists the object's conjunction events and proximities, each linked", async () => {
    const fetchMock = mockObjectApi();
    renderApp('/objects/25544');
    const events = await screen.findByRole('region', { name: 'Events' });
    await within(events).findByText('1 conjunction events · 1 proximities');
    expect(fetchMock).toHaveBeenCalledWith('/api/conjunctions?status=all&q=25544&sort=-tca&limit=50', expect.objectContaining({ method: 'GET' }));
    const table = within(events).getByRole('table', { name: 'Conjunction events' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'CNJ-2023-042' })).toHaveAttribute('href', '/alerts/CNJ-2023-042');
    expect(within(table).getByRole('link', { name: 'FENGYUN 1C DEB (40360)' })).toHaveAttribute('href', '/objects/40360');
    expect(table).toHaveTextContent('1,234.5 m');
    const proximities = within(events).getByRole('table', { name: /Proximities/ });
    expect(within(proximities).getByRole('link', { name: 'ISS (NAUKA) (49044)' })).toHaveAttribute('href', '/objects/49044');
    expect(proximities).toHaveTextContent('Attached');
  });

  it('draws the ground track on the world map, split at the antimeridian, with the object now', async () => {
    mockObjectApi();
    renderApp('/objects/25544');
    const map = await screen.findByRole('img', { name: 'ISS (ZARYA) predicted ground track' });
    expect(map.querySelectorAll('[data-testid="object-track-segment"]')).toHaveLength(2);
    const dot = map.querySelector('[data-testid="object-now"]')!;
    // 101.5°E, 12.3456°S on the 1000 × 500 equirectangular plane.
    expect(Number(dot.getAttribute('cx'))).toBeCloseTo(500 + (101.5 * 1000) / 360, 1);
    expect(Number(dot.getAttribute('cy'))).toBeCloseTo(250 + (12.3456 * 1000) / 360, 1);
    expect(screen.getByRole('region', { name: 'Ground Track' })).toHaveTextContent('Next 2 hours from 18:00 UTC, every 5 minutes · period 92.90 min');
  });

  it('forecasts the decay: the spread of re-entry dates, each run, and the curve', async () => {
    mockObjectApi();
    renderApp('/objects/25544');
    const decay = await screen.findByRole('region', { name: 'Decay' });
    await within(decay).findByText('Re-entry between 2026-02-11 and 2026-06-20');
    const rows = within(within(decay).getByRole('table', { name: 'Lifetime by model and drag estimate' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ModelDrag fromLifetimeRe-entry (UTC)',
      'NRLMSISE-00B* 3.5938e-42.7 years2026-06-20 04:00:00',
      'JB2008B* 3.5938e-42.3 years2026-02-11 10:00:00',
    ]);
    expect(within(decay).getByRole('figure', { name: /Mean altitude, perigee and apogee/ })).toBeInTheDocument();
    // The lifetime table as CSV.
    const downloads = captureDownloads();
    await userEvent.setup().click(within(decay).getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^object-25544-lifetime-/);
    expect(csv.header).toEqual(['Model', 'Drag from', 'Cd·A/m (m²/kg)', 'Status', 'Lifetime', 'Re-entry (UTC)']);
    expect(csv.rows[1]).toEqual(['JB2008', 'B* 3.5938e-4', '0.00458', 'reentry', '2.3 years', '2026-02-11T10:00:00.000Z']);
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

  it('says on the page of an object outside the fleet that ephemerides are for fleet objects, without the upload', async () => {
    const fetchMock = mockObjectApi();
    renderApp('/objects/25544');
    const card = within(await screen.findByRole('region', { name: 'Operator ephemerides' }));
    expect(await card.findByText('No ephemeris of ISS (ZARYA) is stored.')).toBeInTheDocument();
    expect(card.getByText(/^Ephemerides are for fleet objects: ISS \(ZARYA\) is not in the fleet\./)).toBeInTheDocument();
    expect(card.queryByLabelText('OEM file')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/ephemerides?norad=25544&limit=100', expect.objectContaining({ method: 'GET' }));
  });

  it("lists a fleet object's ephemerides and offers the upload on its page", async () => {
    const stored: Ephemeris = {
      id: 12,
      noradId: 25544,
      objectId: '1998-067A',
      objectName: 'ISS (ZARYA)',
      originator: 'NASA FDO',
      creationDate: '2023-10-09T12:00:00.000Z',
      importedAt: '2023-10-09T13:00:00.000Z',
      importedBy: 'alice',
      fileName: 'iss.xml',
      format: 'XML',
      refFrame: 'EME2000',
      usableStart: '2023-10-09T12:00:00.000Z',
      usableStop: '2023-10-10T12:00:00.000Z',
      states: 1441,
      covariances: 4,
      sha256: 'ef'.repeat(32),
      fileUrl: '/api/ephemerides/12/file',
    };
    mockObjectApi({ ...DETAIL, fleet: true }, [stored]);
    renderApp('/objects/25544');
    const card = within(await screen.findByRole('region', { name: 'Operator ephemerides' }));
    expect(card.getByLabelText('OEM file')).toBeInTheDocument();
    const table = await card.findByRole('table', { name: 'Stored ephemerides' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2023-10-09 12:00:002023-10-10 12:00:001,4414alice');
    expect(within(table).getByRole('link', { name: 'Download iss.xml' })).toHaveAttribute('href', '/api/ephemerides/12/file');
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
