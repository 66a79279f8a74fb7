import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const TOP_NAV = ['Orbital Drag', 'SDA Dashboard', 'Israeli Satellites', 'Satellite Tracking', 'SST', 'Calc'];

function topNavLinks() {
  return within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
}

function currentTopNav() {
  return topNavLinks()
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

beforeEach(() => {
  mockFetch({ '/api/app-info': { name: 'Data Forge', version: '0.1.0', operatorLabel: 'Test Operator' } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routes (spec §2)', () => {
  it.each([
    ['/', 'Space Domain Awareness Platform'],
    ['/dashboard', 'Space Domain Awareness Platform'],
    ['/orbital-drag', 'Orbital Drag Modeling'],
    ['/israeli-satellites', 'Israeli Satellites'],
    ['/tracking', 'Israeli Satellite Tracking'],
    ['/sst', 'Space Surveillance & Tracking (SST)'],
    ['/calc', 'Savings Calculator - Solar Flare Data ROI'],
    ['/alerts', 'Conjunction Alerts'],
    ['/alerts?status=closed&sort=-pc', 'Conjunction Alerts'],
    ['/alerts/CNJ-2021-001', 'Conjunction CNJ-2021-001'],
    ['/visualization', '3D Visualization'],
    ['/visualization?object=25544&speed=1000', '3D Visualization'],
    ['/config', 'Configuration'],
  ])('%s shows the h1 %s', (path, title) => {
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(screen.queryByText('404 Page Not Found')).not.toBeInTheDocument();
  });

  it.each([
    ['/orbital-drag', 'Real-time atmospheric drag prediction for LEO satellites'],
    ['/israeli-satellites', 'Monitoring all active Israeli satellites with real-time orbital data'],
    ['/tracking', 'Real-time 2D tracking of Israeli satellites with live position data'],
    ['/alerts', 'Conjunction events from screening and imported CDMs, with their collision probability and risk'],
  ])('%s shows its subtitle', (path, subtitle) => {
    renderApp(path);
    expect(screen.getByText(subtitle)).toBeInTheDocument();
  });

  it.each(['/nowhere', '/alerts/CNJ-2021-001/more'])('%s shows the not-found page', (path) => {
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    // The top bar stays, so the user can get back.
    expect(topNavLinks()).toHaveLength(6);
  });
});

describe('top navigation', () => {
  it('shows the Data Forge brand and the six buttons in order', () => {
    renderApp('/calc');
    expect(screen.getByRole('banner')).toHaveTextContent('Data Forge');
    expect(topNavLinks().map((link) => link.textContent)).toEqual(TOP_NAV);
    expect(topNavLinks().map((link) => link.getAttribute('href'))).toEqual([
      '/orbital-drag',
      '/',
      '/israeli-satellites',
      '/tracking',
      '/sst',
      '/calc',
    ]);
  });

  it.each([
    ['/', 'SDA Dashboard'],
    ['/dashboard', 'SDA Dashboard'],
    ['/orbital-drag', 'Orbital Drag'],
    ['/israeli-satellites', 'Israeli Satellites'],
    ['/tracking', 'Satellite Tracking'],
    ['/sst', 'SST'],
    ['/calc', 'Calc'],
  ])('highlights only the current route at %s', (path, label) => {
    renderApp(path);
    expect(currentTopNav()).toEqual([label]);
  });

  it.each(['/nowhere', '/alerts', '/alerts/CNJ-2021-001'])('highlights nothing at %s (not in the top bar)', (path) => {
    renderApp(path);
    expect(currentTopNav()).toEqual([]);
  });

  it('navigates and moves the highlight when a button is clicked', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/');
    await user.click(screen.getByRole('link', { name: 'Calc' }));
    expect(location.history.at(-1)).toBe('/calc');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Savings Calculator - Solar Flare Data ROI');
    expect(currentTopNav()).toEqual(['Calc']);
  });
});

describe('dashboard side navigation', () => {
  function sideNav() {
    return screen.getByRole('navigation', { name: 'Dashboard' });
  }

  it('lists the six entries in order', () => {
    renderApp('/');
    const links = within(sideNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Conjunction Alerts', '/alerts'],
      ['3D Visualization', '/visualization'],
      ['Satellite Tracking', '/tracking'],
      ['Analytics', '/analytics'],
      ['Configuration', '/config'],
    ]);
  });

  it.each(['/', '/dashboard'])('marks Dashboard as the current entry at %s', (path) => {
    renderApp(path);
    const current = within(sideNav())
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Dashboard']);
  });

  it('leads to the Conjunction Alerts screen', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/');
    await user.click(within(sideNav()).getByRole('link', { name: 'Conjunction Alerts' }));
    expect(location.history.at(-1)).toBe('/alerts');
    expect(screen.getByRole('heading', { level: 1, name: 'Conjunction Alerts' })).toBeInTheDocument();
  });

  it("leads there from the Critical Conjunctions card's 'View All Conjunctions' button too", async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'View All Conjunctions' }));
    expect(location.history.at(-1)).toBe('/alerts');
    expect(screen.getByRole('heading', { level: 1, name: 'Conjunction Alerts' })).toBeInTheDocument();
  });

  it('leads to the 3D view in time for 3D Visualization', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/');
    await user.click(within(sideNav()).getByRole('link', { name: '3D Visualization' }));
    expect(location.history.at(-1)).toBe('/visualization');
    expect(screen.getByRole('heading', { level: 1, name: '3D Visualization' })).toBeInTheDocument();
  });

  it('leads to the Configuration screen for Configuration', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/');
    await user.click(within(sideNav()).getByRole('link', { name: 'Configuration' }));
    expect(location.history.at(-1)).toBe('/config');
    expect(screen.getByRole('heading', { level: 1, name: 'Configuration' })).toBeInTheDocument();
  });

  it('shows the three System Status lines', () => {
    renderApp('/');
    const status = screen.getByRole('region', { name: 'System Status' });
    expect(within(status).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Radar Network Online',
      'Data Processing Active',
      'Alert System Monitoring',
    ]);
  });
});
