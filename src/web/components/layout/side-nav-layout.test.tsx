import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYSTEM_STATUS_LINES } from '@/components/dashboard/system-status';
import { stubPendingFetch } from '@/test/card-harness';
import { stubResizeObserver, stubViewportHeight } from '@/test/jsdom-layout';
import { renderApp } from '@/test/render-app';

// jsdom has no WebGL: the 3D views' globe is a stub.
vi.mock('@/components/dashboard/situational-awareness/globe-canvas', () => ({
  default: () => <div data-testid="globe-stub" />,
}));

/*
 * The side navigation on every page it lists (issue 29; spec §2 gives its entries and order): /alerts, /analytics and
 * /config reach each other, and the active entry follows the location. The data never arrives (pending fetch): the
 * navigation does not wait for it.
 */

const ENTRIES = ['Dashboard', 'Conjunction Alerts', '3D Visualization', 'Satellite Tracking', 'Analytics', 'Configuration'];

function sideNav() {
  return screen.getByRole('navigation', { name: 'Dashboard' });
}

function current(): string[] {
  return within(sideNav())
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent ?? '');
}

beforeAll(() => {
  stubResizeObserver();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('side navigation on every page it lists (issue 29)', () => {
  it.each([
    ['/', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/alerts', 'Conjunction Alerts'],
    ['/alerts/CNJ-2026-001', 'Conjunction Alerts'],
    ['/visualization', '3D Visualization'],
    ['/tracking', 'Satellite Tracking'],
    ['/analytics', 'Analytics'],
    ['/config', 'Configuration'],
  ])('%s shows the six entries in order, %s active', (path, active) => {
    stubPendingFetch();
    stubViewportHeight(600);
    renderApp(path);
    const links = within(sideNav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(ENTRIES);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/alerts', '/visualization', '/tracking', '/analytics', '/config']);
    expect(current()).toEqual([active]);
  });

  it('keeps the System Status block on the dashboard only (spec §2)', () => {
    stubPendingFetch();
    const { unmount } = renderApp('/');
    expect(within(screen.getByRole('region', { name: 'System Status' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([...SYSTEM_STATUS_LINES]);
    unmount();
    renderApp('/config');
    expect(screen.queryByRole('region', { name: 'System Status' })).not.toBeInTheDocument();
  });

  it('leads from /alerts to /analytics to /config and back, the active entry following', async () => {
    stubPendingFetch();
    stubViewportHeight(600);
    const user = userEvent.setup();
    const { location } = renderApp('/alerts');
    await user.click(within(sideNav()).getByRole('link', { name: 'Analytics' }));
    expect(location.history.at(-1)).toBe('/analytics');
    expect(current()).toEqual(['Analytics']);
    await user.click(within(sideNav()).getByRole('link', { name: 'Configuration' }));
    expect(location.history.at(-1)).toBe('/config');
    expect(screen.getByRole('heading', { level: 1, name: 'Configuration' })).toBeInTheDocument();
    await user.click(within(sideNav()).getByRole('link', { name: 'Conjunction Alerts' }));
    expect(location.history.at(-1)).toBe('/alerts');
    expect(current()).toEqual(['Conjunction Alerts']);
  });
});
