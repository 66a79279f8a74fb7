import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_LABEL, AXIS_LINE, AXIS_TICK, ChartCard, GRID_STROKE } from '@/components/sst/chart-card';
import { MODEL_LINES } from '@/components/orbital-drag/model-lines';
import { formatSci, type DensityRow } from '@/lib/drag-format';


const tooltipFormatter = (value: unknown) => (typeof value === 'number' ? `${formatSci(value)} kg/m³` : String(value));

/** Spec §2/§9: log-scale density by altitude for five models. The page loads this module lazily. */
export function DensityChart({ rows }: { rows: readonly DensityRow[] }) {
  return (
      <ChartCard title="Atmospheric Density by Altitude">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={[...rows]} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
            <XAxis dataKey="altitude" tick={AXIS_TICK} stroke={AXIS_LINE} label={{ value: 'km', position: 'insideBottomRight', ...AXIS_LABEL }} />
            <YAxis scale="log" domain={['auto', 'auto']} tick={AXIS_TICK} stroke={AXIS_LINE} tickFormatter={(v: number) => v.toExponential(0)} width={56} />
            <Tooltip formatter={tooltipFormatter} contentStyle={{ background: '#0f172a', border: '1px solid #334155', fontSize: 12 }} />
            <Legend wrapperStyle={{ fontSize: 11 }} />
            {MODEL_LINES.map((line) => (
              <Line key={line.key} dataKey={line.key} name={line.name} stroke={line.colour} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>
  );
}

/** Spec §2 Atmospheric tab: NRLMSISE-00 temperature by altitude. */
export function TemperatureChart({ rows }: { rows: readonly DensityRow[] }) {
  const points = rows.filter((row) => row.temperature !== null);
  return (
    <ChartCard title="Temperature Profile" note="NRLMSISE-00 temperature, K">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
          <XAxis dataKey="altitude" tick={AXIS_TICK} stroke={AXIS_LINE} label={{ value: 'km', position: 'insideBottomRight', ...AXIS_LABEL }} />
          <YAxis tick={AXIS_TICK} stroke={AXIS_LINE} width={48} />
          <Tooltip contentStyle={{ background: '#0f172a', border: '1px solid #334155', fontSize: 12 }} />
          <Line dataKey="temperature" name="Temperature (K)" stroke="#fb923c" dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** The seven NRLMSISE-00 species of the composition chart, m⁻³. */
export const COMPOSITION_LINES = [
  { key: 'n2', name: 'N₂', colour: '#22d3ee' },
  { key: 'o', name: 'O', colour: '#f87171' },
  { key: 'o2', name: 'O₂', colour: '#a78bfa' },
  { key: 'he', name: 'He', colour: '#34d399' },
  { key: 'h', name: 'H', colour: '#fbbf24' },
  { key: 'n', name: 'N', colour: '#fb923c' },
  { key: 'ar', name: 'Ar', colour: '#94a3b8' },
] as const;

const compositionFormatter = (value: unknown) => (typeof value === 'number' ? `${formatSci(value)} m⁻³` : String(value));

/** Spec §2 Real-Time tab: composition by altitude, NRLMSISE-00 number densities on a log scale, a line per species. */
export function CompositionChart({ rows }: { rows: readonly DensityRow[] }) {
  const points = rows.flatMap((row) => (row.composition ? [{ altitude: row.altitude, ...row.composition }] : []));
  return (
    <ChartCard title="Composition by Altitude" note="NRLMSISE-00 number densities, m⁻³ (log scale)">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
          <XAxis dataKey="altitude" tick={AXIS_TICK} stroke={AXIS_LINE} label={{ value: 'km', position: 'insideBottomRight', ...AXIS_LABEL }} />
          <YAxis scale="log" domain={['auto', 'auto']} tick={AXIS_TICK} stroke={AXIS_LINE} tickFormatter={(v: number) => v.toExponential(0)} width={56} />
          <Tooltip formatter={compositionFormatter} contentStyle={{ background: '#0f172a', border: '1px solid #334155', fontSize: 12 }} />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          {COMPOSITION_LINES.map((line) => (
            <Line key={line.key} dataKey={line.key} name={line.name} stroke={line.colour} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
