import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvoidancePlan } from '@contracts/avoidance.ts';
import { writeOem, type EphemerisState } from '@core/ephemeris/index.ts';
import { utcMs } from '@core/units.ts';
import { makeDetail, makePlan, screeningPlan } from '@/components/alerts/alerts-fixtures';
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

/** `extra` answers a path before the defaults (undefined: not its path). */
function mockApi(extra: (path: string) => Response | undefined = () => undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = extra(url.pathname);
    if (answer) return answer;
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
  it('picks the pair out in conjunction mode: labels with name and NORAD id where the scene draws them, a legend, the rest dimmed; leaving restores the normal legend', async () => {
    const user = userEvent.setup();
    renderApp('/visualization?conjunction=CNJ-2026-010');
    const panel = await screen.findByRole('region', { name: 'Conjunction CNJ-2026-010' });
    // The legend says which colour is which, in place of the catalogue's colours.
    const legend = screen.getByRole('region', { name: 'Conjunction legend' });
    expect(within(legend).getByTestId('legend-primary')).toHaveTextContent('Primary: OFEQ-11 (190011)');
    expect(within(legend).getByTestId('legend-secondary')).toHaveTextContent('Secondary: STARLINK-9304 (211813)');
    expect(legend).toHaveTextContent('Miss vector at TCA');
    expect(legend).toHaveTextContent('Other objects, dimmed');
    expect(within(legend).queryByTestId('legend-plan')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Legend' })).not.toBeInTheDocument();
    expect(props().plan).toBeNull();

    // The labels: name and NORAD id, hidden until the scene says where the objects are drawn.
    const primary = screen.getByTestId('pair-label-primary');
    const secondary = screen.getByTestId('pair-label-secondary');
    expect(primary).toHaveTextContent('OFEQ-11 NORAD 190011');
    expect(secondary).toHaveTextContent('STARLINK-9304 NORAD 211813');
    expect(primary.style.visibility).toBe('hidden');
    act(() => props().onPairScreen?.({ primary: { x: 700, y: 420 }, secondary: { x: 760, y: 380 }, plan: null }));
    expect(primary.style.visibility).toBe('visible');
    expect(secondary.style.visibility).toBe('visible');
    // Each beside its point, apart from the other: the secondary is the upper one, its label above it, the primary's below.
    expect(primary.style.transform).toBe('translate(700.0px, 420.0px) translate(-50%, 12px)');
    expect(secondary.style.transform).toBe('translate(760.0px, 380.0px) translate(-50%, calc(-100% - 12px))');
    // On one pixel (globe scale): the primary's above, the secondary's below.
    act(() => props().onPairScreen?.({ primary: { x: 300, y: 300 }, secondary: { x: 300, y: 300 }, plan: null }));
    expect(primary).toHaveAttribute('data-side', 'above');
    expect(secondary).toHaveAttribute('data-side', 'below');
    // Behind the Earth: hidden.
    act(() => props().onPairScreen?.({ primary: null, secondary: { x: 300, y: 300 }, plan: null }));
    expect(primary.style.visibility).toBe('hidden');
    expect(secondary.style.visibility).toBe('visible');

    await user.click(within(panel).getByRole('button', { name: 'Leave conjunction mode' }));
    expect(props().conjunction).toBeNull();
    expect(screen.queryByTestId('pair-labels')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Conjunction legend' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('Operational Satellites');
  });

  describe('after a plan (?plan=…)', () => {
    const PLANS_PATH = '/api/conjunctions/CNJ-2026-010/plans';
    const OEM_PATH = '/api/conjunctions/CNJ-2026-010/plans/2/oem';
    const tca = Date.parse(TCA);
    const PLAN = makePlan({
      id: 2,
      conjunctionId: 'CNJ-2026-010',
      burn: { epoch: new Date(tca - 2.5 * 3_600_000).toISOString(), dvRtnMps: [0, 0.05, 0], dvMps: 0.05 },
      window: { start: new Date(tca - 2.5 * 3_600_000).toISOString(), end: new Date(tca + 86_400_000).toISOString() },
      acceptable: true,
      reason: 'Acceptable',
    });
    // A circular orbit 500 km up at 51.6°: 60 s TEME states from the burn to 6 h after TCA, as the server's OEM.
    const R = 6878.137;
    const N = Math.sqrt(398600.8 / R ** 3);
    const I = (51.6 * Math.PI) / 180;
    const stateAt = (t: number): EphemerisState => {
      const u = N * ((t - tca) / 1000);
      const [c, s, ci, si] = [Math.cos(u), Math.sin(u), Math.cos(I), Math.sin(I)];
      return { epoch: utcMs(t), r: [R * c, R * s * ci, R * s * si], v: [-R * N * s, R * N * c * ci, R * N * c * si] };
    };
    const states: EphemerisState[] = [];
    for (let t = Date.parse(PLAN.burn.epoch); t <= tca + 6 * 3_600_000; t += 60_000) states.push(stateAt(t));
    const OEM = writeOem([{ objectName: 'OFEQ-11', objectId: '2016-056A', refFrame: 'TEME', states, interpolation: { method: 'LAGRANGE', degree: 7 } }], {
      creationDate: utcMs(FIXED_NOW),
      originator: 'DATA FORGE',
    });
    const text = (body: string) => new Response(body, { status: 200, headers: { 'Content-Type': 'text/plain' } });

    function withPlans(plans: () => AvoidancePlan[] | Response, oem: () => Response = () => text(OEM)) {
      return mockApi((path) => {
        if (path === PLANS_PATH) {
          const answer = plans();
          return answer instanceof Response ? answer : json(200, answer);
        }
        return path === OEM_PATH ? oem() : undefined;
      });
    }

    it("reads the plan and its OEM and draws the primary's post-burn track ±1 orbit around TCA, with a legend entry and a label", async () => {
      const fetchMock = withPlans(() => [makePlan({ id: 1, conjunctionId: 'CNJ-2026-010' }), PLAN]);
      const { location } = renderApp('/visualization?conjunction=CNJ-2026-010&plan=2');
      const legend = await screen.findByRole('region', { name: 'Conjunction legend' });
      await waitFor(() => expect(within(legend).getByTestId('legend-plan')).toHaveTextContent("After plan 2 (burn 0.05 m/s): the primary's track, ±1 orbit around TCA"));
      const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
      expect(paths).toContain(PLANS_PATH);
      expect(paths).toContain(OEM_PATH);

      // The track handed to the scene: TEME km as the OEM gives it, one period (94.6 min) either side of TCA.
      const track = props().plan!;
      expect(track.planId).toBe(2);
      const period = (2 * Math.PI) / N / 60;
      expect(period).toBeCloseTo(94.6, 1);
      expect(track.times[0]).toBeCloseTo(tca - period * 60_000, -2);
      expect(track.times.at(-1)).toBeCloseTo(tca + period * 60_000, -2);
      expect(track.times.length).toBeGreaterThan(2 * 256);
      expect(track.points.length).toBe(3 * track.times.length);
      const at = track.positionAt(tca + 12_345)!;
      const want = stateAt(tca + 12_345).r;
      expect(Math.hypot(at[0] - want[0], at[1] - want[1], at[2] - want[2])).toBeLessThan(0.001);
      // Its samples in the scene's axes at GMST 0 (temeToScene, Earth radii): (x, z, −y) / 6378.137.
      const k = track.times.indexOf(tca);
      expect(k).toBeGreaterThan(0);
      expect(track.points[3 * k]).toBeCloseTo(R / 6378.137, 5);
      expect(track.points[3 * k + 1]).toBeCloseTo(0, 5);
      expect(track.points[3 * k + 2]).toBeCloseTo(0, 5);
      expect(track.positionAt(tca + 2 * 86_400_000)).toBeNull();

      const panel = screen.getByRole('region', { name: 'Conjunction CNJ-2026-010' });
      const section = within(panel).getByRole('region', { name: 'Plan 2' });
      expect(section).toHaveTextContent('After plan 2screened');
      expect(within(section).getByTestId('plan-burn')).toHaveTextContent('Burn 0.05 m/s, 2 h 30 min before TCA; then the miss is 1,235 m, Pc 3.10e-12 (acceptable)');
      expect(within(section).getByTestId('plan-state')).toHaveTextContent("The primary's post-burn track is drawn for one orbit either side of TCA");

      // A label beside the post-burn primary, away from the primary's.
      const label = await screen.findByTestId('pair-label-plan');
      expect(label).toHaveTextContent('OFEQ-11 after plan 2');
      act(() => props().onPairScreen?.({ primary: { x: 700, y: 420 }, secondary: { x: 760, y: 380 }, plan: { x: 650, y: 440 } }));
      expect(label).toHaveAttribute('data-side', 'left');
      expect(label.style.visibility).toBe('visible');

      // The URL keeps the plan.
      await waitFor(() => expect(lastUrl(location)).toBe(`/visualization?conjunction=CNJ-2026-010&plan=2&t=${TCA}&paused=1`));

      // Leaving conjunction mode drops the plan too.
      await userEvent.setup().click(within(panel).getByRole('button', { name: 'Leave conjunction mode' }));
      expect(props().plan).toBeNull();
      await waitFor(() => expect(lastUrl(location)).toBe(`/visualization?t=${TCA}&paused=1`));
    });

    it('says so when the plan is still screening, and draws its track once it is screened', async () => {
      let plans = [screeningPlan(PLAN)];
      withPlans(() => plans);
      renderApp('/visualization?conjunction=CNJ-2026-010&plan=2');
      const panel = await screen.findByRole('region', { name: 'Conjunction CNJ-2026-010' });
      await waitFor(() => expect(within(panel).getByTestId('plan-state')).toHaveTextContent('Plan 2 is still being screened: its track is drawn once the screening ends.'));
      expect(within(screen.getByRole('region', { name: 'Conjunction legend' })).getByTestId('legend-plan')).toHaveTextContent('Plan 2: not drawn');
      expect(props().plan).toBeNull();
      // The view goes on: the pair, its labels and miss vector.
      expect(props().conjunction).toEqual({ primary: 190011, secondary: 211813, focusAtMs: Date.parse(TCA) });
      expect(screen.getByTestId('pair-label-primary')).toHaveTextContent('OFEQ-11 NORAD 190011');
      // The plans are read again every 2 s while one is screening.
      plans = [PLAN];
      await waitFor(() => expect(props().plan?.planId).toBe(2), { timeout: 5000 });
      expect(within(panel).getByTestId('plan-state')).toHaveTextContent('post-burn track is drawn');
    });

    it.each([
      ['the plans cannot be read', () => json(500, { message: 'database unavailable' }), undefined, 'Plan 2: the plans of CNJ-2026-010 could not be read (database unavailable).'],
      ['the event has no such plan', () => [makePlan({ id: 1, conjunctionId: 'CNJ-2026-010' })], undefined, 'CNJ-2026-010 has no plan 2.'],
      ['its screening failed', () => [{ ...PLAN, status: 'failed' as const, error: 'the server stopped', result: null }], undefined, 'Plan 2 was not screened (the server stopped): its track is not drawn.'],
      ['its OEM cannot be fetched', () => [PLAN], () => json(404, { message: 'No plan 2 of CNJ-2026-010' }), 'Plan 2: its post-burn ephemeris could not be read (No plan 2 of CNJ-2026-010).'],
      ['its OEM cannot be read', () => [PLAN], () => text('CCSDS_OEM_VERS = 3.0\nnot an OEM\n'), /^Plan 2: its post-burn ephemeris could not be read \(line \d+: .+\)\.$/],
      [
        'its OEM does not reach the TCA',
        () => [PLAN],
        () => text(writeOem([{ objectName: 'OFEQ-11', objectId: '2016-056A', refFrame: 'TEME', states: states.slice(0, 60) }], { creationDate: utcMs(FIXED_NOW), originator: 'DATA FORGE' })),
        /^Plan 2: its post-burn ephemeris could not be read \(the ephemeris \(.+\) does not cover the TCA\)\.$/,
      ],
    ])('says so in the panel when %s, and the view goes on', async (_what, plans, oem, message) => {
      withPlans(plans as () => AvoidancePlan[] | Response, oem);
      renderApp('/visualization?conjunction=CNJ-2026-010&plan=2');
      const panel = await screen.findByRole('region', { name: 'Conjunction CNJ-2026-010' });
      const state = await within(panel).findByTestId('plan-state');
      await waitFor(() => expect(state.textContent).toMatch(message instanceof RegExp ? message : new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)));
      expect(state.className).toContain('text-amber-400');
      expect(props().plan).toBeNull();
      expect(props().conjunction).toMatchObject({ primary: 190011, secondary: 211813 });
      expect(screen.getByRole('region', { name: 'Conjunction legend' })).toHaveTextContent('Plan 2: not drawn');
    });
  });
});
