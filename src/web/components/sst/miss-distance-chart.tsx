import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { AXIS_LABEL, AXIS_LINE, AXIS_TICK, ChartCard, GRID_STROKE, TOOLTIP_CLASS } from '@/components/sst/chart-card';
import { subsetNote, type ChartSeries, type ConjunctionPoint } from '@/lib/sst-chart-data';
import { formatDistanceKm, formatRelativeVelocity } from '@/lib/sst-format';

function MissDistanceTooltip({ active, payload }: TooltipContentProps) {
  const point = payload?.[0]?.payload as ConjunctionPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className={TOOLTIP_CLASS}>
      <p className="font-medium">{point.pair}</p>
      <p>{`Miss distance: ${formatDistanceKm(point.missDistanceKm)}`}</p>
      <p>{`Relative velocity: ${formatRelativeVelocity(point.relativeVelocityKmS)}`}</p>
      <p>{`Collision probability: ${point.probabilityPercent.toFixed(3)}%`}</p>
    </div>
  );
}

/** Spec §2: miss distance per pair, bars in the pair's risk colour, tooltip with km, km/s and probability. */
export function MissDistanceChart({ series }: { series: ChartSeries<ConjunctionPoint> }) {
  return (
    <ChartCard title="Miss Distance Analysis" note={subsetNote('Closest', series)}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={series.items} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
          <XAxis dataKey="pair" tick={false} stroke={AXIS_LINE} label={{ value: 'Conjunction pair', position: 'insideBottom', ...AXIS_LABEL }} />
          <YAxis tick={AXIS_TICK} stroke={AXIS_LINE} label={{ value: 'km', angle: -90, position: 'insideLeft', ...AXIS_LABEL }} />
          <Tooltip content={MissDistanceTooltip} cursor={{ fill: 'rgba(148, 163, 184, 0.1)' }} />
          <Bar dataKey="missDistanceKm" name="Miss distance" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
