import type { IsraeliSatellite } from '@contracts/satellites.ts';
import { projectToMap, type MapPoint } from '@/lib/map-projection';

/**
 * Spec §2 and §5: a satellite is plotted only if its latitude and longitude
 * parse as numbers. The rule is parseFloat + isFinite, so 'abc' and '' are
 * dropped rather than drawn at NaN or at (0, 0).
 */
export function parseMapCoordinates(position: { latitude: string; longitude: string }): { latitude: number; longitude: number } | null {
  const latitude = Number.parseFloat(position.latitude);
  const longitude = Number.parseFloat(position.longitude);
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}

export interface MapMarker extends MapPoint {
  id: number;
  name: string;
  category: string;
  /** Height above the ellipsoid in km, or null when the server's value is not a number. */
  altitudeKm: number | null;
}

/** The markers to draw: one per satellite with numeric coordinates, in the API's order. */
export function toMapMarkers(satellites: readonly IsraeliSatellite[]): MapMarker[] {
  return satellites.flatMap((satellite) => {
    const coordinates = parseMapCoordinates(satellite.currentPosition);
    if (!coordinates) return [];
    const altitude = Number.parseFloat(satellite.currentPosition.altitude);
    return [
      {
        id: satellite.id,
        name: satellite.name,
        category: satellite.category,
        altitudeKm: Number.isFinite(altitude) ? altitude : null,
        ...projectToMap(coordinates.latitude, coordinates.longitude),
      },
    ];
  });
}

/** The marker's label, line by line: its name, then its altitude in whole km when known. */
export function markerLabelLines(marker: MapMarker): string[] {
  return marker.altitudeKm === null ? [marker.name] : [marker.name, `${marker.altitudeKm.toFixed(0)} km`];
}
