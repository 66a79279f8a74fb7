import { formatSci, type DensityRow } from '@/lib/drag-format';

/*
 * Spec §2 Real-Time tab, inside the Demo-data sensor-network panel: the four illustrative units
 * (the sensor network itself does not exist, DECISIONS.md §1), their table and a position sketch.
 * N₂, O and temperature at each unit's altitude come from the NRLMSISE-00 density profile and say
 * so; O⁺ ions are not modelled by NRLMSISE-00, so that column shows '—'.
 */

/** The four demo units: altitudes inside the spec's 300-600 km range, on the profile's 50 km grid. */
export const SENSOR_UNITS = [
  { id: 'SN-1', altitude: 350, angleDeg: 20 },
  { id: 'SN-2', altitude: 400, angleDeg: 110 },
  { id: 'SN-3', altitude: 500, angleDeg: 200 },
  { id: 'SN-4', altitude: 550, angleDeg: 290 },
] as const;

const dash = '—';

/** Spec §2: altitude, N₂ density, O density, O⁺ ions, temperature, status. */
export function SensorUnitTable({ rows }: { rows: readonly DensityRow[] }) {
  const modelled = SENSOR_UNITS.some((unit) => rows.find((row) => row.altitude === unit.altitude)?.composition);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Sensor units">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="py-2 pr-3">Unit</th>
            <th className="py-2 pr-3">Altitude</th>
            <th className="py-2 pr-3">N₂ density (m⁻³)</th>
            <th className="py-2 pr-3">O density (m⁻³)</th>
            <th className="py-2 pr-3">O⁺ ions</th>
            <th className="py-2 pr-3">Temperature</th>
            <th className="py-2 pr-3">Status</th>
          </tr>
        </thead>
        <tbody>
          {SENSOR_UNITS.map((unit) => {
            const row = rows.find((r) => r.altitude === unit.altitude);
            const composition = row?.composition;
            return (
              <tr key={unit.id} className="border-t border-border">
                <td className="py-1 pr-3 font-medium">{unit.id}</td>
                <td className="py-1 pr-3 font-mono">{`${unit.altitude} km`}</td>
                <td className="py-1 pr-3 font-mono">{composition ? formatSci(composition.n2) : dash}</td>
                <td className="py-1 pr-3 font-mono">{composition ? formatSci(composition.o) : dash}</td>
                <td className="py-1 pr-3 font-mono" title="not modelled by NRLMSISE-00">
                  {dash}
                </td>
                <td className="py-1 pr-3 font-mono">{composition && row.temperature !== null ? `${row.temperature.toFixed(0)} K` : dash}</td>
                <td className="py-1 pr-3">Active</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-muted-foreground">
        {modelled
          ? 'N₂, O and temperature: modelled (NRLMSISE-00) at each unit’s altitude, not measured. O⁺ ions: not modelled.'
          : 'N₂, O and temperature: no NRLMSISE-00 profile available. O⁺ ions: not modelled.'}
      </p>
    </div>
  );
}

const EARTH_RADIUS_KM = 6371;
const SIZE = 240;
const EARTH_R = 60;
/** Altitude is drawn 8 × exaggerated so the 300-600 km shells separate from the Earth. */
const EXAGGERATION = 8;

/** Spec §2: the constellation position sketch, illustrative, with altitudes exaggerated. */
export function ConstellationSketch() {
  const centre = SIZE / 2;
  const radius = (altitude: number) => EARTH_R * (1 + (EXAGGERATION * altitude) / EARTH_RADIUS_KM);
  return (
    <figure className="space-y-1">
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="mx-auto h-48 w-48" role="img" aria-label="Constellation positions (illustrative)">
        <circle cx={centre} cy={centre} r={EARTH_R} fill="#1e3a8a" stroke="#3b82f6" />
        {SENSOR_UNITS.map((unit) => {
          const r = radius(unit.altitude);
          const angle = (unit.angleDeg * Math.PI) / 180;
          const x = centre + r * Math.cos(angle);
          const y = centre - r * Math.sin(angle);
          return (
            <g key={unit.id} aria-label={`${unit.id} at ${unit.altitude} km`}>
              <circle cx={centre} cy={centre} r={r} fill="none" stroke="#334155" strokeDasharray="2 3" />
              <circle cx={x} cy={y} r={4} fill="#22d3ee" />
              <text x={x + 6} y={y - 6} fill="#94a3b8" fontSize={9}>
                {unit.id}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-center text-xs text-muted-foreground">Illustrative positions; altitude exaggerated 8×</figcaption>
    </figure>
  );
}
