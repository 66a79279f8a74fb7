import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDetail } from '@/components/alerts/alerts-fixtures';
import type { GlobeCanvasProps } from '@/components/dashboard/situational-awareness/globe-canvas';
import type { PickedObject } from '@/components/dashboard/situational-awareness/globe-protocol';
import { DAY_MS, simTimeAt } from '@/lib/sim-clock';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

// jsdom has no WebGL: the globe is a stub that keeps the props the page gives it, so the tests read
// what the page asks of the scene (clock, filter, selection, conjunction) and play its callbacks.
let lastProps: GlobeCanvasProps | null = null;
vi.mock('@/components/dashboard/situational-awareness/globe-canvas', () => ({
  default: (props: GlobeCanvasProps) => {
    lastProps = props;
    return <div data-testid="globe-stub" />;
  },
}));

const props = () => {
  if (!lastProps?.full) throw new Error('the full view is not rendered');
  return lastProps.full;
};

const TCA = '2026-11-27T09:16:54.872Z';
const EVENT = makeDetail({
  conjunctionId: 'CNJ-2026-010',
  tca: TCA,
  missDistance: 1748.7,
  radial: 1351.1,
  inTrack: -515.4,
  crossTrack: 983.2,
  primaryObject: { ...makeDetail().primaryObject, noradId: 190011, name: 'OFEQ-11' },
  secondaryObject: { ...makeDetail().secondaryObject, noradId: 211813, name: 'STARLINK-9304' },
});
const OFEQ = { noradId: 190011, name: 'OFEQ-11', cosparId: '2016-056A', objectType: 'payload', owner: 'ISRA' };
const PICKED: PickedObject = { norad: 190011, name: 'OFEQ-11', pointClass: 'fleet', regime: 'LEO', altitudeKm: 423.4, objectType: 'payload', owner: 'ISRA', x: 10, y: 10, clientX: 10, clientY: 10 };

function mockApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/objects') return json(200, { total: 1, items: [OFEQ] });
    if (url.pathname === '/api/conjunctions/CNJ-2026-010') return json(200, EVENT);
    if (url.pathname === '/api/conjunctions/active' || url.pathname === '/api/high-interest-objects') return json(200, []);
    return new Response('Not Found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// The view reads the wall clock (its 'now', the ±7-day slider around it, the clock's anchors): a
// fixed 'now' two hours before TCA keeps every test at the moment the fixtures describe, whatever
// the date the suite runs on. Only Date is faked, and it keeps running (userEvent's delays,
// TanStack Query's and the page's timers stay real).
const FIXED_NOW = Date.parse('2026-11-27T07:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(FIXED_NOW);
  mockApi();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  lastProps = null;
});

const time = () => screen.getByRole('region', { name: 'Time' });
const lastUrl = (location: { history?: string[] }) => location.history?.at(-1) ?? '';

describe('/visualization', () => {
  it('shows the globe full screen at now, playing at ×1, with every filter on', async () => {
    renderApp('/visualization');
    expect(screen.getByRole('heading', { level: 1, name: '3D Visualization' })).toBeInTheDocument();
    expect(await screen.findByTestId('globe-stub')).toBeInTheDocument();
    expect(props().clock).toMatchObject({ rate: 1, playing: true });
    expect(Math.abs(simTimeAt(props().clock, Date.now()) - Date.now())).toBeLessThan(1000);
    expect(props().filter).toEqual({ regimes: ['LEO', 'MEO', 'GEO'], types: ['payload', 'rocket_body', 'debris', 'unknown'], owner: null });
    expect(within(time()).getByRole('button', { name: '×1' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(time()).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByTestId('globe-status')).toHaveTextContent('Propagating the catalogue...');
    act(() => lastProps!.onStatus({ drawn: { LEO: 46_000, MEO: 1_800, GEO: 1_900 }, total: 50_000, ready: true, error: null, shown: 49_700 }));
    expect(screen.getByTestId('globe-status')).toHaveTextContent('49,700 objects shown of 50,000 in the catalogue');
  });

  it('pauses, plays, changes speed, moves on the slider and comes back to now; the URL follows', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/visualization');
    await screen.findByTestId('globe-stub');
    await user.click(within(time()).getByRole('button', { name: 'Pause' }));
    expect(props().clock.playing).toBe(false);
    const pausedAt = props().clock.epochMs;
    await waitFor(() => expect(lastUrl(location)).toBe(`/visualization?t=${new Date(pausedAt).toISOString()}&paused=1`));
    expect(within(time()).getByRole('status', { name: 'Simulated time' })).toHaveTextContent(`${new Date(pausedAt).toISOString().slice(0, 19).replace('T', ' ')} UTC`);

    await user.click(within(time()).getByRole('button', { name: '×1000' }));
    expect(props().clock.rate).toBe(1000);
    expect(within(time()).getByRole('button', { name: '×1000' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(time()).getByRole('button', { name: 'Play' }));
    expect(props().clock).toMatchObject({ epochMs: pausedAt, rate: 1000, playing: true });
    // Simulated time runs at ×1000 from where it was paused.
    const c = props().clock;
    expect(simTimeAt(c, c.wallMs + 1500)).toBe(pausedAt + 1_500_000);

    const slider = within(time()).getByRole('slider', { name: 'Time within ±7 days' });
    const min = Number(slider.getAttribute('min'));
    const max = Number(slider.getAttribute('max'));
    expect(max - min).toBe(14 * DAY_MS);
    fireEvent.change(slider, { target: { value: String(min + 10 * DAY_MS) } });
    expect(props().clock.epochMs).toBe(min + 10 * DAY_MS);
    expect(props().clock.playing).toBe(true);

    await user.click(within(time()).getByRole('button', { name: 'Now' }));
    expect(props().clock).toMatchObject({ rate: 1, playing: true });
    expect(Math.abs(simTimeAt(props().clock, Date.now()) - Date.now())).toBeLessThan(1000);
    await waitFor(() => expect(lastUrl(location)).toBe('/visualization'));
  });

  it('filters by regime, object type and owner', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/visualization');
    await screen.findByTestId('globe-stub');
    act(() => props().onCatalog({ total: 3, owners: [{ owner: 'US', count: 2 }, { owner: 'PRC', count: 1 }], has: () => true }));
    const filters = screen.getByRole('region', { name: 'Filters' });
    await user.click(within(filters).getByRole('button', { name: 'MEO' }));
    await user.click(within(filters).getByRole('button', { name: 'Debris' }));
    expect(within(filters).getByRole('button', { name: 'MEO' })).toHaveAttribute('aria-pressed', 'false');
    expect(props().filter).toEqual({ regimes: ['LEO', 'GEO'], types: ['payload', 'rocket_body', 'unknown'], owner: null });
    await waitFor(() => expect(lastUrl(location)).toBe('/visualization?regimes=LEO,GEO&types=payload,rocket_body,unknown'));
    expect(within(filters).getByRole('combobox', { name: 'Owner' })).toHaveTextContent('All owners');
  });

  it("opens the clicked object's panel with a link to its page, and clears it", async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/visualization');
    await screen.findByTestId('globe-stub');
    act(() => lastProps!.onSelect(PICKED));
    const panel = screen.getByRole('region', { name: 'Selected object' });
    expect(panel).toHaveTextContent('OFEQ-11');
    expect(panel).toHaveTextContent('NORAD ID190011');
    expect(panel).toHaveTextContent('OwnerISRA');
    expect(panel).toHaveTextContent('Altitude423 km');
    expect(within(panel).getByRole('link', { name: 'Open object page' })).toHaveAttribute('href', '/objects/190011');
    expect(props().selected).toEqual({ norad: 190011, focus: false });
    await waitFor(() => expect(lastUrl(location)).toBe('/visualization?object=190011'));
    await user.click(within(panel).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected object' })).not.toBeInTheDocument();
    expect(props().selected).toBeNull();
  });

  it('finds an object with the search and asks the globe to highlight it and turn to it', async () => {
    const user = userEvent.setup();
    renderApp('/visualization');
    await screen.findByTestId('globe-stub');
    await user.type(screen.getByRole('combobox', { name: 'Find an object' }), 'OFEQ');
    await user.click(await screen.findByRole('option', { name: /OFEQ-11/ }));
    expect(props().selected).toEqual({ norad: 190011, focus: true });
    expect(screen.getByRole('region', { name: 'Selected object' })).toHaveTextContent('Locating…');
  });

  it('restores a shared view from its URL', async () => {
    const t = '2026-11-28T03:04:05.678Z';
    renderApp(`/visualization?object=190011&t=${t}&speed=300&paused=1&regimes=LEO&types=payload&owner=ISRA`);
    await screen.findByTestId('globe-stub');
    expect(props().clock).toMatchObject({ epochMs: Date.parse(t), rate: 300, playing: false });
    expect(props().selected).toEqual({ norad: 190011, focus: true });
    expect(props().filter).toEqual({ regimes: ['LEO'], types: ['payload'], owner: 'ISRA' });
    expect(within(time()).getByRole('status', { name: 'Simulated time' })).toHaveTextContent('2026-11-28 03:04:05 UTC');
    expect(within(time()).getByRole('button', { name: '×300' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens conjunction mode paused at TCA with both objects, and shows the miss vector', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/visualization?conjunction=CNJ-2026-010');
    await screen.findByTestId('globe-stub');
    const panel = await screen.findByRole('region', { name: 'Conjunction CNJ-2026-010' });
    expect(props().clock).toMatchObject({ epochMs: Date.parse(TCA), playing: false });
    expect(props().conjunction).toEqual({ primary: 190011, secondary: 211813, focusAtMs: Date.parse(TCA) });
    expect(panel).toHaveTextContent('TCA (UTC)2026-11-27 09:16:54.872');
    expect(panel).toHaveTextContent('Miss distance1,748.7 m');
    expect(panel).toHaveTextContent('Radial1,351.1 m');
    expect(panel).toHaveTextContent('In-track-515.4 m');
    expect(panel).toHaveTextContent('Cross-track983.2 m');
    act(() => lastProps!.onStatus({ drawn: { LEO: 1, MEO: 0, GEO: 0 }, total: 1, ready: true, error: null, shown: 1, pairKm: 1.74865 }));
    expect(within(panel).getByTestId('miss-line')).toHaveTextContent('Miss vector at TCA: 1,748.7 m as drawn');
    await waitFor(() => expect(lastUrl(location)).toBe(`/visualization?conjunction=CNJ-2026-010&t=${TCA}&paused=1`));
    // TCA is two hours ahead: the slider stays on ±7 days around now, and reaches it.
    const slider = within(time()).getByRole('slider', { name: 'Time within ±7 days' });
    expect(Number(slider.getAttribute('min'))).toBeLessThan(Date.parse(TCA));
    expect(Number(slider.getAttribute('max')) - Number(slider.getAttribute('min'))).toBe(14 * DAY_MS);
    expect(Math.abs(Number(slider.getAttribute('min')) - (FIXED_NOW - 7 * DAY_MS))).toBeLessThan(60_000);

    // Away from TCA, 'Back to TCA' returns and zooms again.
    await user.click(within(time()).getByRole('button', { name: 'Play' }));
    await user.click(within(time()).getByRole('button', { name: 'Pause' }));
    await user.click(await within(panel).findByRole('button', { name: 'Back to TCA' }));
    expect(props().clock).toMatchObject({ epochMs: Date.parse(TCA), playing: false });
    expect(props().conjunction).toEqual({ primary: 190011, secondary: 211813, focusAtMs: Date.parse(TCA) });

    await user.click(within(panel).getByRole('button', { name: 'Leave conjunction mode' }));
    expect(props().conjunction).toBeNull();
    expect(screen.queryByRole('region', { name: 'Conjunction CNJ-2026-010' })).not.toBeInTheDocument();
  });

  it('opens a conjunction more than 7 days from now at its TCA, with the slider around the TCA', async () => {
    vi.setSystemTime(Date.parse(TCA) + 9 * DAY_MS);
    renderApp('/visualization?conjunction=CNJ-2026-010');
    await screen.findByRole('region', { name: 'Conjunction CNJ-2026-010' });
    expect(props().clock).toMatchObject({ epochMs: Date.parse(TCA), playing: false });
    const slider = within(time()).getByRole('slider', { name: 'Time within ±7 days' });
    expect(Number(slider.getAttribute('min'))).toBe(Date.parse(TCA) - 7 * DAY_MS);
    expect(Number(slider.getAttribute('max'))).toBe(Date.parse(TCA) + 7 * DAY_MS);
  });

  it('says so when the conjunction cannot be read', async () => {
    renderApp('/visualization?conjunction=CNJ-2026-999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Conjunction CNJ-2026-999: 404');
  });
});
