import type { IsraeliSatellite } from '@contracts/satellites.ts';

/*
 * Test data only: satellites shaped like GET /api/israeli-satellites answers,
 * for component tests with a mocked fetch. Never imported by app code.
 */

export function makeSatellite(overrides: Partial<IsraeliSatellite> & Pick<IsraeliSatellite, 'id' | 'name' | 'category'>): IsraeliSatellite {
  return {
    cosparId: '2020-042A',
    noradId: String(overrides.id),
    description: `${overrides.name} test satellite`,
    currentPosition: { latitude: '0', longitude: '0', altitude: '500', velocity: 7.6, timestamp: '2025-03-01T19:04:58.000Z' },
    period: 94.6,
    inclination: 142.1,
    altitude: 498.4,
    rcs: 1.2,
    mass: 300,
    lastUpdate: '2025-03-01T06:30:00.000Z',
    elementSource: 'Demo catalogue',
    ...overrides,
  };
}

/** Two military, one commercial, one scientific and one with a category outside the three. */
export const TEST_FLEET: IsraeliSatellite[] = [
  makeSatellite({
    id: 45918,
    name: 'OFEQ-16',
    category: 'military',
    cosparId: '2020-040A',
    description: 'Optical reconnaissance satellite',
    currentPosition: { latitude: '32.0853', longitude: '34.7818', altitude: '512.345', velocity: 7.612, timestamp: '2025-03-01T19:04:58.000Z' },
    rcs: null,
    mass: null,
  }),
  makeSatellite({
    id: 43619,
    name: 'OFEQ-11',
    category: 'military',
    currentPosition: { latitude: '-12.5', longitude: '-75.25', altitude: '480', velocity: 7.63, timestamp: '2025-03-01T19:04:58.000Z' },
  }),
  makeSatellite({
    id: 44479,
    name: 'AMOS-17',
    category: 'commercial',
    cosparId: '2019-050A',
    currentPosition: { latitude: '0.01', longitude: '17.0', altitude: '35786', velocity: 3.07, timestamp: '2025-03-01T19:04:58.000Z' },
    period: 1436.1,
    inclination: 0.05,
    altitude: 35786,
    rcs: 25.4,
    mass: 6500,
  }),
  makeSatellite({ id: 42901, name: 'VENUS', category: 'scientific', cosparId: null }),
  makeSatellite({ id: 40000, name: 'TESTBED-1', category: 'technology' }),
];
