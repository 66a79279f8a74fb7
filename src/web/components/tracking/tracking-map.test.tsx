import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IsraeliSatellite } from '@contracts/satellites.ts';
import { makeSatellite, TEST_FLEET } from '@/components/satellites/satellite-fixtures';
import { TrackingMap } from '@/components/tracking/tracking-map';

function at(latitude: string, longitude: string, name = 'OFEQ-16'): IsraeliSatellite {
  return makeSatellite({
    id: 45918,
    name,
    category: 'military',
    currentPosition: { latitude, longitude, altitude: '500', velocity: 7.6, timestamp: '2025-03-01T19:04:58Z' },
  });
}

function markerNames() {
  return within(screen.getByTestId('tracking-map'))
    .queryAllByRole('img')
    .map((marker) => marker.getAttribute('aria-label'));
}

describe('TrackingMap', () => {
  it('draws on a 1000x500 plane that scales to the width', () => {
    render(<TrackingMap satellites={[]} />);
    const map = screen.getByTestId('tracking-map');
    expect(map).toHaveAttribute('viewBox', '0 0 1000 500');
    expect(map).toHaveClass('w-full');
    expect(markerNames()).toEqual([]);
  });

  it("does not draw a satellite whose latitude is 'abc'", () => {
    render(<TrackingMap satellites={[{ ...at('abc', '35', 'BROKEN'), id: 1 }, ...TEST_FLEET]} />);
    expect(markerNames()).not.toContain('BROKEN');
    expect(markerNames()).toHaveLength(TEST_FLEET.length);
  });

  it('does not draw a satellite without a computed position', () => {
    const noPosition = makeSatellite({
      id: 3,
      name: 'DECAYED-1',
      category: 'scientific',
      currentPosition: { latitude: '', longitude: '', altitude: '', velocity: null, timestamp: '2025-03-01T19:04:58Z', error: 'Satellite decayed' },
    });
    render(<TrackingMap satellites={[noPosition, at('32', '35')]} />);
    expect(markerNames()).toEqual(['OFEQ-16']);
  });

  it('places lat 0 lon 0 at (500, 250) and lat 32 lon 35 at (597.22, 161.11)', () => {
    const { rerender } = render(<TrackingMap satellites={[at('0', '0')]} />);
    const marker = () => screen.getByRole('img', { name: 'OFEQ-16' });
    expect(marker()).toHaveAttribute('data-x', '500.00');
    expect(marker()).toHaveAttribute('data-y', '250.00');
    rerender(<TrackingMap satellites={[at('32', '35')]} />);
    expect(marker()).toHaveAttribute('data-x', '597.22');
    expect(marker()).toHaveAttribute('data-y', '161.11');
    expect(marker().style.transform).toMatch(/^translate\(597\.22\d*px, 161\.11\d*px\)$/);
  });

  it('glides between positions, but jumps without a glide across the antimeridian', () => {
    const { rerender } = render(<TrackingMap satellites={[at('10', '170')]} />);
    const marker = () => screen.getByRole('img', { name: 'OFEQ-16' });
    expect(marker()).toHaveClass('transition-transform');
    expect(marker().style.transitionDuration).toBe('5000ms');
    rerender(<TrackingMap satellites={[at('10', '179.5')]} />);
    expect(marker()).toHaveClass('transition-transform');
    rerender(<TrackingMap satellites={[at('10', '-179.5')]} />);
    expect(marker()).toHaveClass('transition-none');
    rerender(<TrackingMap satellites={[at('10', '-178')]} />);
    expect(marker()).toHaveClass('transition-transform');
  });

  it('colours markers by category and shows the legend', () => {
    render(<TrackingMap satellites={TEST_FLEET} />);
    const dot = (name: string) => screen.getByRole('img', { name }).querySelectorAll('circle')[1];
    expect(dot('OFEQ-16')).toHaveClass('fill-red-500');
    expect(dot('AMOS-17')).toHaveClass('fill-blue-500');
    expect(dot('VENUS')).toHaveClass('fill-green-500');
    expect(dot('TESTBED-1')).toHaveClass('fill-slate-400');
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Military', 'Commercial', 'Scientific']);
  });
});
