import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DragCalculationResult } from '@contracts/orbital-drag.ts';
import {
  DENSITY_PROFILE,
  makeReading,
  makeRealtime,
  makeResult,
  PREDICTIONS,
  SPACE_WEATHER,
} from '@/test/orbital-drag-fixtures';
import { COMPOSITION_LINES } from '@/components/orbital-drag/density-chart';
import { stubRadixSelectDom, stubResizeObserver } from '@/test/jsdom-layout';
import { nrlmsiseUrl, READING_POSITIONS } from '@/queries/orbital-drag';
import { captureDownloads } from '@/test/downloads';
import { renderApp } from '@/test/render-app';

const PATH = '/orbital-drag';
const CALCULATE = '/api/drag-calculator/calculate';

beforeAll(() => {
  stubRadixSelectDom();
  stubResizeObserver();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function json(body: unknown, status = 200, statusText = 'OK') {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

interface MockOptions {
  realtime?: unknown;
  profile?: unknown;
  predictions?: unknown;
  profileStatus?: number;
  calculate?: (body: unknown) => Promise<Response>;
}

function mockApi(options: MockOptions = {}) {
  const routes: Record<string, unknown> = {
    '/api/orbital-drag/realtime': options.realtime ?? makeRealtime(),
    '/api/orbital-drag/space-weather': SPACE_WEATHER,
    '/api/orbital-drag/predictions': options.predictions ?? PREDICTIONS,
    '/api/orbital-drag/density-profile': options.profile ?? DENSITY_PROFILE,
  };
  READING_POSITIONS.forEach((position, i) => (routes[nrlmsiseUrl(position)] = makeReading(3e-12 * (i + 1))));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === CALCULATE && init?.method === 'POST') {
      return options.calculate ? options.calculate(JSON.parse(String(init.body))) : json(makeResult(1, 'x'));
    }
    if (url === '/api/orbital-drag/density-profile' && options.profileStatus) {
      return new Response('down', { status: options.profileStatus, statusText: 'Service Unavailable' });
    }
    if (url in routes) return json(routes[url]);
    return new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function renderLoaded(options?: MockOptions) {
  const fetchMock = mockApi(options);
  const view = renderApp(PATH);
  await screen.findByRole('tablist');
  return { ...view, fetchMock, user: userEvent.setup() };
}

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('tab', { name }));
  return within(screen.getByRole('tabpanel'));
}

describe('Orbital Drag page (/orbital-drag): loading, header, tabs', () => {
  it("shows 'Loading orbital drag data...' until the realtime data arrives", () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderApp(PATH);
    expect(screen.getByRole('heading', { level: 1, name: 'Orbital Drag Modeling' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading orbital drag data\.\.\.$/);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('reads the five resources with cookies, the NRLMSISE readings for four fixed positions', async () => {
    const { fetchMock } = await renderLoaded();
    for (const url of ['/api/orbital-drag/realtime', '/api/orbital-drag/space-weather', '/api/orbital-drag/predictions', '/api/orbital-drag/density-profile']) {
      expect(fetchMock).toHaveBeenCalledWith(url, { credentials: 'include' });
    }
    expect(fetchMock).toHaveBeenCalledWith('/api/orbital-drag/nrlmsise-real?lat=32&lon=35&alt=450', { credentials: 'include' });
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('nrlmsise-real'))).toHaveLength(4);
  });

  it("shows the 'Live' indicator and the Model Accuracy badge, coloured by the model spread", async () => {
    await renderLoaded({ realtime: makeRealtime({ modelSpread: { value: 0.2, level: 'yellow' } }) });
    expect(screen.getByText('Live')).toBeInTheDocument();
    const badge = screen.getByText('Model Accuracy: 91.2%');
    expect(badge).toHaveClass('bg-yellow-500');
  });

  it('has seven tabs in spec order, Real-Time selected', async () => {
    await renderLoaded();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Real-Time',
      'Predictions',
      'Atmospheric',
      'Orbit Decay',
      'Space Weather',
      'Models',
      'Satellite Data',
    ]);
    expect(screen.getByRole('tab', { name: 'Real-Time' })).toHaveAttribute('aria-selected', 'true');
  });

  it('Real-Time: Demo data sensor network with the spec values, System Status green when Operational, LIVE DATA', async () => {
    await renderLoaded();
    const panel = within(screen.getByRole('tabpanel'));
    const sensors = within(panel.getByRole('region', { name: 'Atmospheric Sensor Network' }));
    expect(sensors.getByText('Demo data')).toBeInTheDocument();
    expect(sensors.getByText('300-600 km')).toBeInTheDocument();
    expect(sensors.getByText('5.2 s')).toBeInTheDocument();
    expect(sensors.getByText('89.2%')).toBeInTheDocument();
    expect(sensors.getByText('16,847')).toBeInTheDocument();
    expect(sensors.getByText('99.7%')).toBeInTheDocument();
    expect(within(panel.getByRole('region', { name: 'System Status' })).getByText('Operational')).toHaveClass('bg-green-600');
    expect(panel.getByText('LIVE DATA')).toBeInTheDocument();
  });

  it('System Status is yellow when not Operational', async () => {
    await renderLoaded({ realtime: makeRealtime({ systemStatus: 'Degraded' }) });
    expect(within(screen.getByRole('region', { name: 'System Status' })).getByText('Degraded')).toHaveClass('bg-yellow-500');
  });
});

describe('Orbital Drag page: Real-Time sensor units, composition and constellation sketch', () => {
  it('lists the four Demo-data units inside 300-600 km with NRLMSISE-00 N₂, O and temperature, O⁺ not modelled, all Active', async () => {
    await renderLoaded();
    const sensors = within(within(screen.getByRole('tabpanel')).getByRole('region', { name: 'Atmospheric Sensor Network' }));
    expect(sensors.getByText('Demo data')).toBeInTheDocument();
    const rows = within(sensors.getByRole('table', { name: 'Sensor units' })).getAllByRole('row');
    expect(rows[0]!.textContent).toBe('UnitAltitudeN₂ density (m⁻³)O density (m⁻³)O⁺ ionsTemperatureStatus');
    const body = rows.slice(1);
    expect(body).toHaveLength(4);
    for (const row of body) {
      const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
      const altitude = Number.parseFloat(cells[1]!);
      expect(altitude).toBeGreaterThanOrEqual(300);
      expect(altitude).toBeLessThanOrEqual(600);
      expect(cells[4]).toBe('—');
      expect(cells[6]).toBe('Active');
    }
    // The fixture's 400 km composition: N₂ 1e15, O 3e15 m⁻³, 1300 K.
    expect(within(body[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['SN-2', '400 km', '1.00e+15', '3.00e+15', '—', '1300 K', 'Active']);
    expect(sensors.getByText(/modelled \(NRLMSISE-00\)/)).toHaveTextContent('O⁺ ions: not modelled.');
  });

  it('draws the constellation sketch of the four units inside the Demo-data panel', async () => {
    await renderLoaded();
    const sensors = within(screen.getByRole('region', { name: 'Atmospheric Sensor Network' }));
    const sketch = within(sensors.getByRole('img', { name: 'Constellation positions (illustrative)' }));
    expect(['SN-1', 'SN-2', 'SN-3', 'SN-4'].map((id) => sketch.getByText(id))).toHaveLength(4);
    expect(sensors.getByText('Illustrative positions; altitude exaggerated 8×')).toBeInTheDocument();
  });

  it('shows the composition-by-altitude chart from NRLMSISE-00, outside the Demo-data panel', async () => {
    await renderLoaded();
    const panel = within(screen.getByRole('tabpanel'));
    const chart = await panel.findByRole('region', { name: 'Composition by Altitude' });
    expect(within(chart).getByText('NRLMSISE-00 number densities, m⁻³ (log scale)')).toBeInTheDocument();
    expect(within(panel.getByRole('region', { name: 'Atmospheric Sensor Network' })).queryByText('Composition by Altitude')).not.toBeInTheDocument();
  });

  it('shows the temperature profile chart on the Real-Time tab too (spec §2)', async () => {
    await renderLoaded();
    const panel = within(screen.getByRole('tabpanel'));
    const chart = await panel.findByRole('region', { name: 'Temperature Profile' });
    expect(within(chart).getByText('NRLMSISE-00 temperature, K')).toBeInTheDocument();
  });

  it('without a composition in the profile: no chart, dashes in the table, and it says so', async () => {
    const data = DENSITY_PROFILE.data.map((row) => ({ ...row, composition: undefined }));
    await renderLoaded({ profile: { ...DENSITY_PROFILE, data } });
    await screen.findByText('Composition by altitude: no NRLMSISE-00 profile available.');
    expect(screen.queryByRole('region', { name: 'Composition by Altitude' })).not.toBeInTheDocument();
    const sensors = within(screen.getByRole('region', { name: 'Atmospheric Sensor Network' }));
    expect(sensors.queryByText(/modelled \(NRLMSISE-00\)/)).not.toBeInTheDocument();
    const cells = within(sensors.getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(2, 6)).toEqual(['—', '—', '—', '—']);
  });

  it('the composition chart has a line per NRLMSISE-00 species', () => {
    expect(COMPOSITION_LINES.map((line) => line.key).sort()).toEqual(['ar', 'h', 'he', 'n', 'n2', 'o', 'o2']);
  });
});

describe('Orbital Drag page: Predictions trend arrows (spec §9 bands)', () => {
  it('labels each 7-day change by band and the 24-hour change up/down/stable', async () => {
    const { user } = await renderLoaded();
    const panel = await openTab(user, 'Predictions');
    const table = within(panel.getByRole('table'));
    const statuses = table
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.lastElementChild?.textContent);
    expect(statuses).toEqual(['strong increase', 'increase', 'slight increase', 'stable', 'slight decrease', 'decrease', 'strong decrease']);
    const first = within(table.getAllByRole('row')[1]!);
    expect(first.getByRole('img', { name: 'stable' })).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'strong increase' })).toBeInTheDocument();
    const second = within(table.getAllByRole('row')[2]!);
    expect(second.getByRole('img', { name: 'down' })).toBeInTheDocument();
    expect(panel.getByText('Change Indicators')).toBeInTheDocument();
  });

  it("links each satellite to its object page and exports the table as CSV, values in full with their units (issue 14)", async () => {
    const { user } = await renderLoaded();
    const panel = await openTab(user, 'Predictions');
    const table = within(panel.getByRole('table'));
    expect(table.getByRole('link', { name: 'OFEQ 16' })).toHaveAttribute('href', '/objects/1');
    expect(table.getByRole('link', { name: 'TECSAR' })).toHaveAttribute('href', '/objects/7');
    const downloads = captureDownloads();
    await user.click(panel.getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^drag-forecast-\d{8}-\d{4}\.csv$/);
    expect(csv.header).toEqual(['Satellite', 'NORAD ID', 'Altitude (km)', 'Current drag (N)', '24h forecast (N)', '24h change (%)', '7d forecast (N)', '7d change (%)', 'Status']);
    expect(csv.rows).toHaveLength(7);
    expect(csv.rows[0]).toEqual(['OFEQ 16', '1', '450', '0.00001', String(1e-5 * 1.005), '0.5', String(1e-5 * 1.2), '20', 'strong increase']);
  });
});

describe('Orbital Drag page: other tabs', () => {
  it('Atmospheric lists the density for 200 to 600 km', async () => {
    const { user } = await renderLoaded();
    const panel = await openTab(user, 'Atmospheric');
    const items = within(panel.getByRole('region', { name: 'Density by Altitude' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('200 km');
    expect(items.at(-1)).toHaveTextContent('600 km');
    expect(items).toHaveLength(9);
  });

  it('Orbit Decay shows the model-spread badge coloured by §9 (20% → yellow) and names its source', async () => {
    const { user } = await renderLoaded();
    const panel = await openTab(user, 'Orbit Decay');
    expect(panel.getByText('20.0%')).toHaveClass('bg-yellow-500');
    expect(panel.queryByText('Demo data')).not.toBeInTheDocument();
    expect(await panel.findByText('NRLMSISE-00 · SGP4 elements integrated')).toBeInTheDocument();
  });

  it('Orbit Decay says when JB2008 gave no value for a satellite (no density at the series’ flux and its height), shows no spread, and leaves its CSV cells empty', async () => {
    const high = { ...PREDICTIONS.satellites[0]!, satellite: 'HIGH SAT', norad_id: 2, jb2008_altitude_loss_30d: null, model_spread: { value: 0, level: 'green' as const } };
    const { user } = await renderLoaded({ predictions: { ...PREDICTIONS, satellites: [...PREDICTIONS.satellites, high] } });
    const spread = within((await openTab(user, 'Orbit Decay')).getByRole('region', { name: 'Model Spread' }));
    expect(spread.getByText(/1\.50 km \(NRLMSISE-00\), no JB2008 value \(no density at this flux and height\) in 30 days/)).toBeInTheDocument();
    expect(spread.getByText(/1\.50 km \(NRLMSISE-00\), 1\.80 km \(JB2008\) in 30 days/)).toBeInTheDocument();
    expect(spread.getByText('no spread')).toBeInTheDocument();
    expect(spread.queryByText('0.0%')).not.toBeInTheDocument();
    const downloads = captureDownloads();
    await user.click(spread.getByRole('button', { name: 'Export CSV' }));
    expect((await downloads.csv()).rows[1]).toEqual(['HIGH SAT', '2', '2026-03-21T00:00:00Z', '450', '0.05', '1.5', '', '', '']);
  });

  it('Orbit Decay links each satellite to its object page and exports the model spread list as CSV', async () => {
    const { user } = await renderLoaded();
    const panel = await openTab(user, 'Orbit Decay');
    const spread = within(panel.getByRole('region', { name: 'Model Spread' }));
    expect(spread.getByRole('link', { name: 'OFEQ 16' })).toHaveAttribute('href', '/objects/1');
    const downloads = captureDownloads();
    await user.click(spread.getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.header).toEqual([
      'Satellite',
      'NORAD ID',
      'Elements epoch (UTC)',
      'Initial altitude (km)',
      'Decay rate (km/day)',
      '30-day altitude loss NRLMSISE-00 (km)',
      '30-day altitude loss JB2008 (km)',
      'Model spread (fraction)',
      'Re-entry day',
    ]);
    expect(csv.rows).toEqual([['OFEQ 16', '1', '2026-03-21T00:00:00Z', '450', '0.05', '1.5', '1.8', '0.2', '']]);
  });

  it('Models and Space Weather export their tables as CSV', async () => {
    const { user } = await renderLoaded();
    let panel = await openTab(user, 'Models');
    const downloads = captureDownloads();
    await user.click(within(panel.getByRole('region', { name: 'Model Comparison' })).getByRole('button', { name: 'Export CSV' }));
    let csv = await downloads.csv();
    expect(csv.name).toMatch(/^density-models-/);
    expect(csv.header).toEqual(['Altitude (km)', 'NRLMSISE-00 (kg/m³)', 'JB2008 (kg/m³)', 'DTM-2020 (kg/m³)', 'TIE-GCM (kg/m³)', 'MSIS-86 (kg/m³)']);
    expect(csv.rows).toHaveLength(13);
    // Full precision: the densities as the profile holds them.
    expect(csv.rows[8]).toEqual(['400', '1e-11', ...[1.1, 1.08, 1.25, 0.92].map((factor) => String(1e-11 * factor))]);

    panel = await openTab(user, 'Space Weather');
    await user.click(within(panel.getByRole('region', { name: 'Space Weather Forecast' })).getByRole('button', { name: 'Export CSV' }));
    csv = await downloads.csv();
    expect(csv.name).toMatch(/^space-weather-forecast-/);
    expect(csv.header.slice(0, 5)).toEqual(['Parameter', 'Unit', 'Current', 'Current status', '24h forecast']);
    expect(csv.rows[1]).toEqual(['Geomagnetic (Kp)', '', '6', 'observed', '7', 'predicted', '', '3.5', 'Critical', 'd2']);
  });

  it('Orbit Decay explains the model spread and storm impact', async () => {
    const { user } = await renderLoaded();
    const panel = await openTab(user, 'Orbit Decay');
    expect(panel.getByRole('region', { name: 'About the model spread' })).toHaveTextContent('(max − min) / (2 × mean). It is red over 25%, yellow over 15%');
    expect(panel.getByRole('region', { name: 'Storm impact' })).toHaveTextContent('A severe storm (Kp 7-9) can raise LEO density several-fold within hours');
  });

  it('Space Weather: impact levels by drag factor and alert colours Major red, High orange, else yellow', async () => {
    const { user } = await renderLoaded();
    const panel = await openTab(user, 'Space Weather');
    expect(panel.getByText('Moderate')).toBeInTheDocument();
    expect(panel.getByText('Critical')).toBeInTheDocument();
    expect(panel.getByText('High')).toBeInTheDocument();
    expect(panel.getByText('Minimal')).toBeInTheDocument();
    const alerts = within(panel.getByRole('region', { name: 'Space Weather Alerts' })).getAllByRole('listitem');
    expect(alerts.map((alert) => alert.dataset.colour)).toEqual(['red', 'orange', 'yellow']);
  });

  it('Models: the readings card applies the spec multipliers to the NRLMSISE-00 density', async () => {
    const { user } = await renderLoaded();
    const panel = await openTab(user, 'Models');
    const card = within(await panel.findByRole('region', { name: 'Ofeq-16 readings' }));
    const items = card.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'NRLMSISE-00' + '3.00e-12 · 1000 K',
      'JB2008' + '3.45e-12 · 1120 K',
      'DTM-2020' + '3.24e-12 · 1060 K',
      'TIE-GCM' + '3.75e-12 · 1220 K',
      'MSIS-86' + '2.76e-12 · 950 K',
    ]);
  });
});

describe('Orbital Drag page: Models tab texts', () => {
  it('describes the model differences and the guidelines', async () => {
    const { user } = await renderLoaded();
    const panel = await openTab(user, 'Models');
    const differences = panel.getByRole('region', { name: 'Model differences' });
    expect(differences).toHaveTextContent('NRLMSISE-00 (Picone et al., 2002)');
    expect(differences).toHaveTextContent('JB2008 (Bowman et al., 2008)');
    expect(differences).toHaveTextContent('S10, M10 and Y10');
    expect(differences).toHaveTextContent('DTM-2020, TIE-GCM and MSIS-86 are not run here');
    expect(panel.getByRole('region', { name: 'Guidelines' })).toHaveTextContent('Operators should compare the models and watch the model spread');
  });
});

describe('Orbital Drag page: density profile fallback (spec §8)', () => {
  it("names the agency feed as the data source, with LIVE DATA", async () => {
    await renderLoaded();
    expect(await screen.findByText('Data source: NRLMSISE-00 with CelesTrak SW-All space weather')).toBeInTheDocument();
    expect(screen.getByText('LIVE DATA')).toBeInTheDocument();
  });

  it("shows 'Simulated' for another feed and no LIVE DATA when the source does not name NRLMSISE-00", async () => {
    await renderLoaded({ profile: { ...DENSITY_PROFILE, source: 'model output', data_source: 'Offline default: F10.7 150, Ap 15' } });
    expect(await screen.findByText('Data source: Simulated')).toBeInTheDocument();
    expect(screen.queryByText('LIVE DATA')).not.toBeInTheDocument();
  });

  it("after 3 retries shows built-in data labelled 'Fallback' and no LIVE DATA", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({ profileStatus: 503 });
    renderApp(PATH);
    await screen.findByRole('tablist');
    for (let i = 0; i < 4; i += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
    }
    expect(await screen.findByText('Data source: Fallback')).toBeInTheDocument();
    expect(screen.queryByText('LIVE DATA')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/orbital-drag/density-profile')).toHaveLength(4);
  });
});

describe('Orbital Drag page: Satellite Data form (spec §3, §4, §5)', () => {
  const calculateButton = () => screen.getByRole('button', { name: /Calculate Drag Parameters|Calculating\.\.\./ });

  it('starts with the defaults: drag coefficient 2.2, altitude 400, model nrlmsise; the button disabled', async () => {
    const { user } = await renderLoaded();
    await openTab(user, 'Satellite Data');
    expect(screen.getByLabelText('Satellite Name')).toHaveValue('');
    expect(screen.getByLabelText('Drag Coefficient')).toHaveValue(2.2);
    expect(screen.getByLabelText('Altitude (km)')).toHaveValue(400);
    expect(screen.getByLabelText('Cross-sectional Area (m²)')).toHaveAttribute('step', '0.1');
    expect(screen.getByLabelText('Drag Coefficient')).toHaveAttribute('step', '0.1');
    expect(screen.getByRole('combobox', { name: 'Atmospheric Model' })).toHaveTextContent('nrlmsise');
    expect(calculateButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deploy the data' })).toBeEnabled();
  });

  it('a preset fills name, mass, area, altitude and drag coefficient', async () => {
    const { user } = await renderLoaded();
    await openTab(user, 'Satellite Data');
    await user.click(screen.getByRole('combobox', { name: 'Preset' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Ofeq-16', 'Ofeq-13', 'Ofeq-11', 'Ofeq-9']);
    await user.click(screen.getByRole('option', { name: 'Ofeq-13' }));
    expect(screen.getByLabelText('Satellite Name')).toHaveValue('Ofeq-13');
    expect(screen.getByLabelText('Mass (kg)')).toHaveValue(350);
    expect(screen.getByLabelText('Cross-sectional Area (m²)')).toHaveValue(2.8);
    expect(screen.getByLabelText('Altitude (km)')).toHaveValue(445);
    expect(screen.getByLabelText('Drag Coefficient')).toHaveValue(2.2);
    expect(calculateButton()).toBeEnabled();
  });

  it('is disabled unless name, mass and area are non-empty and non-zero', async () => {
    const { user } = await renderLoaded();
    await openTab(user, 'Satellite Data');
    await user.type(screen.getByLabelText('Satellite Name'), 'Sat');
    await user.type(screen.getByLabelText('Mass (kg)'), '100');
    expect(calculateButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Cross-sectional Area (m²)'), '0');
    expect(calculateButton()).toBeDisabled();
    await user.clear(screen.getByLabelText('Cross-sectional Area (m²)'));
    await user.type(screen.getByLabelText('Cross-sectional Area (m²)'), '1.5');
    expect(calculateButton()).toBeEnabled();
    await user.clear(screen.getByLabelText('Satellite Name'));
    expect(calculateButton()).toBeDisabled();
  });

  it("posts every field, reads 'Calculating...' while pending, then shows the result with days and years", async () => {
    let release: (response: Response) => void = () => {};
    const bodies: unknown[] = [];
    const { user } = await renderLoaded({
      calculate: (body) => {
        bodies.push(body);
        return new Promise<Response>((resolve) => (release = resolve));
      },
    });
    await openTab(user, 'Satellite Data');
    await user.click(screen.getByRole('combobox', { name: 'Preset' }));
    await user.click(screen.getByRole('option', { name: 'Ofeq-16' }));
    await user.click(calculateButton());
    expect(calculateButton()).toHaveTextContent('Calculating...');
    expect(calculateButton()).toBeDisabled();
    expect(bodies[0]).toEqual({
      name: 'Ofeq-16',
      mass: 400,
      crossSectionalArea: 3.2,
      dragCoefficient: 2.3,
      altitude: 450,
      latitude: 32,
      longitude: 35,
      velocity: 7.66,
      solarFlux: 140,
      geomagnetic: 3,
      attitude: 'nominal',
      model: 'nrlmsise',
    });
    await act(async () => release(json(makeResult(1, 'Ofeq-16', 730.5))));
    const result = within(await screen.findByRole('listitem', { name: 'Ofeq-16 calculation' }));
    expect(calculateButton()).toHaveTextContent('Calculate Drag Parameters');
    expect(result.getByText('1.23e-5 N')).toBeInTheDocument();
    expect(result.getByText('2.50e-12 kg/m³')).toBeInTheDocument();
    expect(result.getByText('0.0512 km/day')).toBeInTheDocument();
    expect(result.getByText('87.5%')).toBeInTheDocument();
    expect(result.getByText('731 days (2.0 years)')).toBeInTheDocument();
    expect(screen.getByText('Showing last 3 calculations (1 total)')).toBeInTheDocument();
  });

  it('keeps every result but shows the last 3, newest first', async () => {
    let id = 0;
    const { user } = await renderLoaded({ calculate: async (body) => json(makeResult((id += 1), `${(body as DragCalculationResult & { name: string }).name}-${id}`)) });
    await openTab(user, 'Satellite Data');
    await user.type(screen.getByLabelText('Satellite Name'), 'S');
    await user.type(screen.getByLabelText('Mass (kg)'), '100');
    await user.type(screen.getByLabelText('Cross-sectional Area (m²)'), '1');
    for (let i = 0; i < 4; i += 1) {
      await user.click(calculateButton());
      await screen.findByRole('listitem', { name: `S-${i + 1} calculation` });
    }
    const list = within(screen.getByRole('list', { name: 'Calculations' }));
    expect(list.getAllByRole('listitem', { name: /calculation$/ }).map((item) => item.getAttribute('aria-label'))).toEqual([
      'S-4 calculation',
      'S-3 calculation',
      'S-2 calculation',
    ]);
    expect(screen.getByText('Showing last 3 calculations (4 total)')).toBeInTheDocument();
    expect(list.getAllByRole('listitem', { name: /calculation$/ })[0]).not.toHaveTextContent('days');
    // Export CSV writes all 4, oldest first.
    const downloads = captureDownloads();
    await user.click(within(screen.getByRole('region', { name: 'Calculation Results' })).getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^drag-calculations-/);
    expect(csv.rows.map((row) => row[1])).toEqual(['S-1', 'S-2', 'S-3', 'S-4']);
    expect(csv.header.slice(0, 7)).toEqual(['Calculated (UTC)', 'Satellite', 'Model', 'Drag force (N)', 'Atmospheric density (kg/m³)', 'Orbit decay rate (km/day)', 'Confidence (%)']);
    expect(csv.rows[0]?.slice(0, 7)).toEqual(['2026-03-21T12:00:00Z', 'S-1', 'nrlmsise', '0.00001234', '2.5e-12', '0.0512', '87.5']);
  });

  it("shows 'API error: {status text}' when the calculation fails", async () => {
    const { user } = await renderLoaded({ calculate: async () => new Response('bad', { status: 500, statusText: 'Internal Server Error' }) });
    await openTab(user, 'Satellite Data');
    await user.click(screen.getByRole('combobox', { name: 'Preset' }));
    await user.click(screen.getByRole('option', { name: 'Ofeq-9' }));
    await user.click(calculateButton());
    expect(await screen.findByText('API error: Internal Server Error')).toBeInTheDocument();
    expect(calculateButton()).toBeEnabled();
  });
});
