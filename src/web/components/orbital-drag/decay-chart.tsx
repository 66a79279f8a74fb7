import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_LABEL, AXIS_LINE, AXIS_TICK, ChartCard, GRID_STROKE } from '@/components/sst/chart-card';

const COLOURS = ['#22d3ee', '#a78bfa', '#34d399', '#fbbf24', '#f87171', '#60a5fa'];

/** Spec §2 Orbit Decay: 30-day mean-altitude forecast (days 0–30), one line per satellite. */
export function DecayChart({ chart, satellites, note }: { chart: ReadonlyArray<Record<string, number>>; satellites: readonly string[]; note: string }) {
  return (
    <ChartCard title="30-Day Altitude Decay Forecast" note={note}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={[...chart]} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
          <XAxis dataKey="day" type="number" domain={[0, 30]} tick={AXIS_TICK} stroke={AXIS_LINE} label={{ value: 'day', position: 'insideBottomRight', ...AXIS_LABEL }} />
          <YAxis domain={['auto', 'auto']} tick={AXIS_TICK} stroke={AXIS_LINE} width={48} />
          <Tooltip contentStyle={{ background: '#0f172a', border: '1px solid #334155', fontSize: 12 }} />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          {satellites.map((name, i) => (
            <Line key={name} dataKey={name} name={name} stroke={COLOURS[i % COLOURS.length]} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
