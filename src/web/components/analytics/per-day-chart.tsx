import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CatalogScreeningSummary } from '@contracts/catalog-screenings.ts';
import { AXIS_LINE, AXIS_TICK, ChartCard, GRID_STROKE } from '@/components/sst/chart-card';

export const PER_DAY_TITLE = 'Conjunctions per day (UTC)';

/** A completed run's conjunctions per UTC day of TCA, as bars (Recharts). */
export function PerDayChart({ perDay }: { perDay: CatalogScreeningSummary['perDay'] }) {
  return (
    <ChartCard title={PER_DAY_TITLE}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...perDay]} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={AXIS_TICK} stroke={AXIS_LINE} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} stroke={AXIS_LINE} width={56} />
          <Tooltip cursor={{ fill: 'rgba(148, 163, 184, 0.1)' }} contentStyle={{ background: '#0f172a', border: '1px solid #334155', fontSize: 12 }} />
          <Bar dataKey="conjunctions" name="Conjunctions" fill="#3b82f6" maxBarSize={96} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
