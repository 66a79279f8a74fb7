import { describe, expect, it } from 'vitest';
import { makeSatellite, TEST_FLEET } from '@/components/satellites/satellite-fixtures';
import { markerLabelLines, parseMapCoordinates, toMapMarkers } from '@/lib/map-markers';

describe('parseMapCoordinates (spec §5: plotted only if latitude and longitude parse as numbers)', () => {
  it('accepts numeric strings', () => {
    expect(parseMapCoordinates({ latitude: '32.0853', longitude: '-34.5' })).toEqual({ latitude: 32.0853, longitude: -34.5 });
    expect(parseMapCoordinates({ latitude: '0', longitude: '0' })).toEqual({ latitude: 0, longitude: 0 });
  });

  it('rejects text that does not parse as a number', () => {
    expect(parseMapCoordinates({ latitude: 'abc', longitude: '35' })).toBeNull();
    expect(parseMapCoordinates({ latitude: '32', longitude: '' })).toBeNull();
    expect(parseMapCoordinates({ latitude: 'NaN', longitude: '35' })).toBeNull();
    expect(parseMapCoordinates({ latitude: 'Infinity', longitude: '35' })).toBeNull();
  });
});

describe('toMapMarkers', () => {
  it('projects every satellite with numeric coordinates, in order', () => {
    const markers = toMapMarkers(TEST_FLEET);
    expect(markers.map((m) => m.name)).toEqual(['OFEQ-16', 'OFEQ-11', 'AMOS-17', 'VENUS', 'TESTBED-1']);
    const ofeq16 = markers[0];
    expect(ofeq16?.x).toBeCloseTo(500 + 34.7818 * (1000 / 360), 6);
    expect(ofeq16?.y).toBeCloseTo(250 - 32.0853 * (500 / 180), 6);
    expect(ofeq16?.altitudeKm).toBeCloseTo(512.345, 6);
    expect(markers[3]).toMatchObject({ x: 500, y: 250, category: 'scientific' });
  });

  it("drops a satellite whose latitude is 'abc'", () => {
    const broken = makeSatellite({
      id: 1,
      name: 'BROKEN',
      category: 'military',
      currentPosition: { latitude: 'abc', longitude: '35', altitude: '500', velocity: 7.6, timestamp: '2025-03-01T19:04:58Z' },
    });
    expect(toMapMarkers([broken, ...TEST_FLEET]).map((m) => m.name)).not.toContain('BROKEN');
    expect(toMapMarkers([broken])).toEqual([]);
  });

  it('keeps a marker whose altitude is not numeric, without an altitude', () => {
    const noAltitude = makeSatellite({
      id: 2,
      name: 'NO-ALT',
      category: 'scientific',
      currentPosition: { latitude: '10', longitude: '20', altitude: '', velocity: 7.6, timestamp: '2025-03-01T19:04:58Z' },
    });
    expect(toMapMarkers([noAltitude])[0]?.altitudeKm).toBeNull();
  });
});

describe('markerLabelLines', () => {
  it('labels a marker with its name and whole kilometres, or its name alone', () => {
    const [ofeq16] = toMapMarkers(TEST_FLEET);
    if (!ofeq16) throw new Error('no marker');
    expect(markerLabelLines(ofeq16)).toEqual(['OFEQ-16', '512 km']);
    expect(markerLabelLines({ ...ofeq16, altitudeKm: null })).toEqual(['OFEQ-16']);
  });
});
