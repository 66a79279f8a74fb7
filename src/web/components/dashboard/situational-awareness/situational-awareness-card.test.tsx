import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conjunction, DashboardStats, HighInterestObject } from '@contracts/operations.ts';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/test/fetch-mock';
import type { GlobeCanvasProps } from './globe-canvas';
import type { PickedObject } from './globe-scene';
import { SituationalAwarenessCard } from './situational-awareness-card';

// jsdom has no WebGL: the canvas is a stub that shows the props it gets and lets the test play the scene's callbacks.
let lastProps: GlobeCanvasProps | null = null;
vi.mock('./globe-canvas', () => ({
  default: (props: GlobeCanvasProps) => {
    lastProps = props;
    return <div data-testid="globe-stub" data-regime={props.regime} data-scale={props.scale} />;
  },
}));
vi.mock('@/components/dashboard/satellite-tracking/israeli-satellite-tracking-card', () => ({
  IsraeliSatelliteTrackingCard: () => <p>Israeli Satellite Tracking card</p>,
}));

const STATS: DashboardStats = {
  activeAlerts: 2,
  maneuverDetections: 3,
  highInterestObjects: 1,
  threatLevel: { critical: 0, high: 1, medium: 2, low: 3 },
  trackedObjects: 50_000,
  dailyScreens: 1_234_567,
  lastScreening: null,
  screeningStatus: 'idle',
};
const HIOS = [{ satelliteId: 43210 }] as HighInterestObject[];
const CONJUNCTIONS = [{ secondaryObject: { noradId: 55555, name: 'X DEB', objectType: 'debris', owner: null } }] as Conjunction[];

function renderCard(routes: Record<string, unknown> = { '/api/dashboard/stats': STATS, '/api/high-interest-objects': HIOS, '/api/conjunctions/active': CONJUNCTIONS }) {
  mockFetch(routes);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SituationalAwarenessCard />
    </QueryClientProvider>,
  );
}

const card = () => within(screen.getByRole('region', { name: 'Space Situational Awareness' }));

afterEach(() => {
  vi.unstubAllGlobals();
  lastProps = null;
});

describe('SituationalAwarenessCard', () => {
  it("opens on the '3D Orbital View' tab with the stats tiles and Risk Level LOW", async () => {
    renderCard();
    expect(card().getByRole('tab', { name: '3D Orbital View' })).toHaveAttribute('aria-selected', 'true');
    expect(card().getByRole('tab', { name: 'Satellite Tracking' })).toHaveAttribute('aria-selected', 'false');
    expect(await card().findByText('50,000')).toBeInTheDocument();
    expect(within(card().getByRole('group', { name: 'Tracked Objects' })).getByText('50,000')).toBeInTheDocument();
    expect(within(card().getByRole('group', { name: 'Daily Screens' })).getByText('1,234,567')).toBeInTheDocument();
    expect(within(card().getByRole('group', { name: 'Risk Level' })).getByText('LOW')).toBeInTheDocument();
    expect(await screen.findByTestId('globe-stub')).toBeInTheDocument();
  });

  it('shows spinners in the stats tiles while the stats load', async () => {
    mockFetch({});
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SituationalAwarenessCard />
      </QueryClientProvider>,
    );
    expect(within(card().getByRole('group', { name: 'Tracked Objects' })).getByLabelText('Loading')).toBeInTheDocument();
    expect(within(card().getByRole('group', { name: 'Risk Level' })).getByText('LOW')).toBeInTheDocument();
  });

  it('selects LEO by default and switches regime', async () => {
    const user = userEvent.setup();
    renderCard();
    const selector = card().getByRole('group', { name: 'Orbit regime' });
    const button = (name: string) => within(selector).getByRole('button', { name });
    expect(button('LEO')).toHaveAttribute('aria-pressed', 'true');
    expect(button('MEO')).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByTestId('globe-stub')).toHaveAttribute('data-regime', 'LEO');
    await user.click(button('GEO'));
    expect(button('GEO')).toHaveAttribute('aria-pressed', 'true');
    expect(button('LEO')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('globe-stub')).toHaveAttribute('data-regime', 'GEO');
    await user.click(button('MEO'));
    expect(screen.getByTestId('globe-stub')).toHaveAttribute('data-regime', 'MEO');
  });

  it('zooms from 1 by 0.1 up to 2 and down to 0.5, with the buttons disabled at the bounds, and resets to 1', async () => {
    const user = userEvent.setup();
    renderCard();
    const zoomIn = card().getByRole('button', { name: 'Zoom in' });
    const zoomOut = card().getByRole('button', { name: 'Zoom out' });
    const reset = card().getByRole('button', { name: 'Reset zoom' });
    const scale = card().getByRole('status', { name: 'Globe scale' });
    expect(scale).toHaveTextContent('1.0×');
    const seen: string[] = [];
    for (let k = 0; k < 10; k++) {
      await user.click(zoomIn);
      seen.push(scale.textContent ?? '');
    }
    expect(seen).toEqual(['1.1×', '1.2×', '1.3×', '1.4×', '1.5×', '1.6×', '1.7×', '1.8×', '1.9×', '2.0×']);
    expect(zoomIn).toBeDisabled();
    expect(zoomOut).toBeEnabled();
    expect(await screen.findByTestId('globe-stub')).toHaveAttribute('data-scale', '2');
    await user.click(reset);
    expect(scale).toHaveTextContent('1.0×');
    expect(screen.getByTestId('globe-stub')).toHaveAttribute('data-scale', '1');
    for (let k = 0; k < 5; k++) await user.click(zoomOut);
    expect(scale).toHaveTextContent('0.5×');
    expect(zoomOut).toBeDisabled();
    expect(screen.getByTestId('globe-stub')).toHaveAttribute('data-scale', '0.5');
  });

  it('shows the spec legend, then the live catalogue’s extra classes', () => {
    renderCard();
    const legend = card().getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Operational Satellites',
      'High Interest Objects',
      'Conjunction Risk',
      'Debris',
    ]);
    expect(within(card().getByRole('list', { name: 'Also drawn' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Fleet',
      'Rocket Bodies',
      'Unknown',
    ]);
  });

  it('hands the high-interest and conjunction-risk ids to the globe', async () => {
    renderCard();
    await screen.findByTestId('globe-stub');
    await vi.waitFor(() => {
      expect([...(lastProps?.hio ?? [])]).toEqual([43210]);
      expect([...(lastProps?.conjunction ?? [])]).toEqual([55555]);
    });
  });

  it('names the hovered object, describes the clicked one, and reports the objects drawn', async () => {
    renderCard();
    await screen.findByTestId('globe-stub');
    const picked: PickedObject = { norad: 25544, name: 'ISS (ZARYA)', pointClass: 'payload', regime: 'LEO', altitudeKm: 419.6, objectType: 'payload', owner: 'CIS', x: 100, y: 80, clientX: 100, clientY: 80 };
    act(() => lastProps!.onHover(picked));
    expect(screen.getByRole('tooltip')).toHaveTextContent('ISS (ZARYA)');
    act(() => lastProps!.onSelect(picked));
    expect(screen.getByRole('region', { name: 'Selected object' })).toHaveTextContent('ISS (ZARYA)NORAD 25544 · Operational Satellites · LEO · 420 km');
    act(() => lastProps!.onHover(null));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(screen.getByTestId('globe-status')).toHaveTextContent('Propagating the catalogue...');
    act(() => lastProps!.onStatus({ drawn: { LEO: 37_000, MEO: 1_500, GEO: 1_900 }, total: 50_000, ready: true, error: null }));
    expect(screen.getByTestId('globe-status')).toHaveTextContent('LEO: 37,000 objects drawn of 50,000 in the catalogue');
    await userEvent.setup().click(screen.getByRole('button', { name: 'GEO' }));
    expect(screen.getByTestId('globe-status')).toHaveTextContent('GEO: 1,900 objects drawn of 50,000 in the catalogue');
    act(() => lastProps!.onStatus({ drawn: { LEO: 0, MEO: 0, GEO: 0 }, total: 0, ready: false, error: '500: boom' }));
    expect(screen.getByTestId('globe-status')).toHaveTextContent('Catalogue unavailable: 500: boom');
  });

  it("shows the Israeli Satellite Tracking card on the 'Satellite Tracking' tab", async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(card().getByRole('tab', { name: 'Satellite Tracking' }));
    expect(card().getByRole('tab', { name: 'Satellite Tracking' })).toHaveAttribute('aria-selected', 'true');
    expect(card().getByText('Israeli Satellite Tracking card')).toBeInTheDocument();
    expect(screen.queryByTestId('globe-stub')).not.toBeInTheDocument();
    await user.click(card().getByRole('tab', { name: '3D Orbital View' }));
    expect(await screen.findByTestId('globe-stub')).toBeInTheDocument();
  });
});
