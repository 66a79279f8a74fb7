import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { altitudeScale } from '@/components/dashboard/satellite-tracking/altitude-scale';
import { AltitudesTab } from '@/components/dashboard/satellite-tracking/altitudes-tab';
import { makeSatellite, TEST_FLEET } from '@/components/satellites/satellite-fixtures';

function points() {
  return within(screen.getByTestId('altitude-chart')).getAllByTestId('altitude-point');
}

function point(name: string) {
  return within(screen.getByTestId('altitude-chart')).getByRole('img', { name: new RegExp(`^${name}:`) });
}

/** The text of each item of the list named `name`. */
function legendRows(name: string) {
  return within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('AltitudesTab', () => {
  it('labels the zones LEO 400–1,000 km, MEO 1,000–35,786 km and GEO 35,786 km on the chart', () => {
    render(<AltitudesTab satellites={TEST_FLEET} />);
    const zones = within(screen.getByTestId('altitude-zones'));
    expect(zones.getByText('LEO 400–1,000 km')).toBeInTheDocument();
    expect(zones.getByText('MEO 1,000–35,786 km')).toBeInTheDocument();
    expect(zones.getByText('GEO 35,786 km')).toBeInTheDocument();
    expect(screen.getByTestId('altitude-chart')).toHaveTextContent('Altitude (km, log scale)');
  });

  it('plots one point per satellite, lowest first, at its altitude on the log scale', () => {
    render(<AltitudesTab satellites={TEST_FLEET} />);
    expect(points().map((p) => p.getAttribute('aria-label'))).toEqual([
      'OFEQ-11: 480.0 km',
      'VENUS: 500.0 km',
      'TESTBED-1: 500.0 km',
      'OFEQ-16: 512.3 km',
      'AMOS-17: 35,786.0 km',
    ]);
    // The plot spans y 14 (top) to 250 (bottom); every altitude is inside 300..40,000 km.
    const scale = altitudeScale([], 14, 250);
    expect(Number(point('AMOS-17').getAttribute('data-y'))).toBeCloseTo(scale.y(35_786), 2);
    expect(Number(point('OFEQ-16').getAttribute('data-y'))).toBeCloseTo(scale.y(512.345), 2);
    // log10(35,786 / 512.345) / log10(40,000 / 300) of the 236-unit height above OFEQ-16.
    const expectedGap = (Math.log10(35_786 / 512.345) / Math.log10(40_000 / 300)) * 236;
    expect(Number(point('OFEQ-16').getAttribute('data-y')) - Number(point('AMOS-17').getAttribute('data-y'))).toBeCloseTo(expectedGap, 1);
  });

  it('shows a tooltip with name, altitude, category and velocity on hover, and hides it on leave', async () => {
    const user = userEvent.setup();
    render(<AltitudesTab satellites={TEST_FLEET} />);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(point('AMOS-17'));
    const tooltip = screen.getByRole('tooltip');
    expect(Array.from(tooltip.querySelectorAll('p')).map((line) => line.textContent)).toEqual([
      'AMOS-17',
      'Altitude: 35,786.0 km',
      'Category: Commercial',
      'Velocity: 3.07 km/s',
    ]);
    expect(point('AMOS-17')).toHaveAttribute('aria-describedby', tooltip.id);
    await user.unhover(point('AMOS-17'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows the tooltip for the focused point too (keyboard)', () => {
    render(<AltitudesTab satellites={TEST_FLEET} />);
    fireEvent.focus(point('OFEQ-16'));
    expect(screen.getByRole('tooltip')).toHaveTextContent('OFEQ-16Altitude: 512.3 kmCategory: MilitaryVelocity: 7.61 km/s');
    fireEvent.blur(point('OFEQ-16'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('plots a satellite without a position at its mean altitude, with velocity —', () => {
    const decayed = makeSatellite({
      id: 3,
      name: 'DECAYED-1',
      category: 'scientific',
      altitude: 210.5,
      currentPosition: { latitude: '', longitude: '', altitude: '', velocity: null, timestamp: '2025-03-01T19:04:58Z', error: 'decayed' },
    });
    render(<AltitudesTab satellites={[decayed]} />);
    fireEvent.mouseEnter(point('DECAYED-1'));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Altitude: 210.5 km');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Velocity: —');
    // Below 300 km the axis widens, so the point is above the bottom edge.
    expect(Number(point('DECAYED-1').getAttribute('data-y'))).toBeLessThan(250);
  });

  it('counts the satellites per orbital category and per fleet category', () => {
    const meo = makeSatellite({ id: 9, name: 'MEO-1', category: 'scientific', altitude: 20_200 });
    render(<AltitudesTab satellites={[...TEST_FLEET, meo]} />);
    expect(legendRows('Orbital Categories')).toEqual(['LEO 400–1,000 km4 satellites', 'MEO 1,000–35,786 km1 satellite', 'GEO 35,786 km1 satellite']);
    expect(legendRows('Satellite Categories')).toEqual(['Military2', 'Commercial1', 'Scientific2', 'Other1']);
  });

  it('has one card per satellite with category, altitude, orbit, velocity and period', () => {
    render(<AltitudesTab satellites={TEST_FLEET} />);
    const cards = within(screen.getByRole('list', { name: 'Satellite altitudes' })).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 4 }).textContent)).toEqual(['OFEQ-16', 'OFEQ-11', 'AMOS-17', 'VENUS', 'TESTBED-1']);
    const amos = screen.getByRole('listitem', { name: 'AMOS-17' });
    expect(within(amos).getByText('commercial')).toBeInTheDocument();
    const fields = within(amos)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(fields).toEqual([
      ['Altitude', '35,786.0 km'],
      ['Orbit', 'GEO'],
      ['Velocity', '3.07 km/s'],
      ['Period', '1,436.1 min'],
    ]);
    expect(within(screen.getByRole('listitem', { name: 'OFEQ-16' })).getByText('LEO')).toBeInTheDocument();
    // Each card's name opens the object's page (issue 14).
    expect(within(amos).getByRole('link', { name: 'AMOS-17' })).toHaveAttribute('href', '/objects/44479');
  });
});
