import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { IsraeliSatellite } from '@contracts/satellites.ts';
import { RealPositionTab } from '@/components/dashboard/satellite-tracking/real-position-tab';
import { makeSatellite, TEST_FLEET } from '@/components/satellites/satellite-fixtures';
import { captureDownloads } from '@/test/downloads';

function at(id: number, name: string, latitude: string, longitude: string, altitude = '500'): IsraeliSatellite {
  return makeSatellite({ id, name, category: 'military', currentPosition: { latitude, longitude, altitude, velocity: 7.6, timestamp: '2025-03-01T19:04:58Z' } });
}

function marker(name: string) {
  return within(screen.getByTestId('tracking-map')).getByRole('img', { name });
}

function rows() {
  return within(screen.getByRole('list', { name: /^Active Satellites/ })).getAllByRole('listitem');
}

describe('RealPositionTab', () => {
  it('puts lat 0 lon 0 at the centre of the 1000x500 plane and lat 32 lon 35 at (597.22, 161.11)', () => {
    render(<RealPositionTab satellites={[at(1, 'CENTRE', '0', '0'), at(2, 'ISRAEL', '32', '35'), at(3, 'SOUTH-WEST', '-45', '-90')]} />);
    expect(screen.getByTestId('tracking-map')).toHaveAttribute('viewBox', '0 0 1000 500');
    expect(marker('CENTRE')).toHaveAttribute('data-x', '500.00');
    expect(marker('CENTRE')).toHaveAttribute('data-y', '250.00');
    // x = 500 + 35 × 1000/360, y = 250 − 32 × 500/180
    expect(marker('ISRAEL')).toHaveAttribute('data-x', '597.22');
    expect(marker('ISRAEL')).toHaveAttribute('data-y', '161.11');
    // x = 500 − 90 × 1000/360 = 250, y = 250 + 45 × 500/180 = 375
    expect(marker('SOUTH-WEST')).toHaveAttribute('data-x', '250.00');
    expect(marker('SOUTH-WEST')).toHaveAttribute('data-y', '375.00');
  });

  it('labels each marker with its name and altitude in km, and shows the legend', () => {
    render(<RealPositionTab satellites={TEST_FLEET} />);
    expect(within(screen.getByTestId('tracking-map')).getAllByRole('img').map((m) => m.getAttribute('aria-label'))).toEqual([
      'OFEQ-16',
      'OFEQ-11',
      'AMOS-17',
      'VENUS',
      'TESTBED-1',
    ]);
    expect(marker('OFEQ-16')).toHaveTextContent('OFEQ-16512 km');
    expect(marker('AMOS-17')).toHaveTextContent('AMOS-1735786 km');
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Military', 'Commercial', 'Scientific']);
  });

  it("lists 'Active Satellites (n)' with coordinates, category badge and altitude, in a scrollable list", () => {
    render(<RealPositionTab satellites={TEST_FLEET} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Active Satellites (5)' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Active Satellites (5)' });
    expect(list).toHaveClass('overflow-y-auto', 'max-h-72');
    expect(list).toHaveAttribute('tabindex', '0');
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['OFEQ-16', 'OFEQ-11', 'AMOS-17', 'VENUS', 'TESTBED-1']);
    const ofeq16 = within(list).getByRole('listitem', { name: 'OFEQ-16' });
    expect(ofeq16).toHaveTextContent('32.09° N, 34.78° E');
    // The name opens the object's page (issue 14).
    expect(within(ofeq16).getByRole('link', { name: 'OFEQ-16' })).toHaveAttribute('href', '/objects/45918');
    expect(within(ofeq16).getByText('military')).toBeInTheDocument();
    expect(ofeq16).toHaveTextContent('512.3 km');
    expect(within(list).getByRole('listitem', { name: 'OFEQ-11' })).toHaveTextContent('12.50° S, 75.25° W');
    expect(within(list).getByRole('listitem', { name: 'AMOS-17' })).toHaveTextContent('0.01° N, 17.00° E');
    expect(within(list).getByRole('listitem', { name: 'AMOS-17' })).toHaveTextContent('35,786.0 km');
    expect(within(list).getByRole('listitem', { name: 'TESTBED-1' })).toHaveTextContent('technology');
  });

  it('keeps a satellite without a position in the list, with the reason, but draws no marker for it', () => {
    const decayed = makeSatellite({
      id: 3,
      name: 'DECAYED-1',
      category: 'scientific',
      currentPosition: { latitude: '', longitude: '', altitude: '', velocity: null, timestamp: '2025-03-01T19:04:58Z', error: 'SGP4 error 6: satellite decayed' },
    });
    render(<RealPositionTab satellites={[decayed, at(1, 'OFEQ-16', '32', '35')]} />);
    expect(screen.getByRole('heading', { name: 'Active Satellites (2)' })).toBeInTheDocument();
    expect(within(screen.getByTestId('tracking-map')).getAllByRole('img').map((m) => m.getAttribute('aria-label'))).toEqual(['OFEQ-16']);
    const row = screen.getByRole('listitem', { name: 'DECAYED-1' });
    expect(row).toHaveTextContent('Position unavailable: SGP4 error 6: satellite decayed');
    expect(row).toHaveTextContent('—');
  });

  it('exports the Active Satellites list as CSV, one row per satellite with its position in full', async () => {
    render(<RealPositionTab satellites={TEST_FLEET} />);
    const downloads = captureDownloads();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^active-satellites-\d{8}-\d{4}\.csv$/);
    expect(csv.header.slice(0, 7)).toEqual(['Name', 'NORAD ID', 'COSPAR ID', 'Category', 'Latitude (deg)', 'Longitude (deg)', 'Altitude now (km)']);
    expect(csv.rows.map((row) => row.slice(0, 7))).toContainEqual(['OFEQ-11', '43619', '2020-042A', 'military', '-12.5', '-75.25', '480']);
    expect(csv.rows).toHaveLength(5);
  });
});
