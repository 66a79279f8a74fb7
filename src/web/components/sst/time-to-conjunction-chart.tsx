import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { AXIS_LABEL, AXIS_LINE, AXIS_TICK, ChartCard, GRID_STROKE, TOOLTIP_CLASS } from '@/components/sst/chart-card';
import { subsetNote, type ChartSeries, type TimeToConjunctionBar } from '@/lib/sst-chart-data';

function HoursTooltip({ active, payload }: TooltipContentProps) {
  const bar = payload?.[0]?.payload as TimeToConjunctionBar | undefined;
  if (!active || !bar) return null;
  return (
    <div className={TOOLTIP_CLASS}>
      <p className="font-medium">{bar.pair}</p>
      <p>{`Time to TCA: ${bar.hours.toFixed(1)} h`}</p>
    </div>
  );
}

/** Spec §2: hours until each closest approach, ascending, never below 0. */
export function TimeToConjunctionChart({ series }: { series: ChartSeries<TimeToConjunctionBar> }) {
  return (
    <ChartCard title="Time to Conjunction" note={subsetNote('Soonest', series)}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={series.items} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
          <XAxis dataKey="pair" tick={false} stroke={AXIS_LINE} label={{ value: 'Conjunction pair', position: 'insideBottom', ...AXIS_LABEL }} />
          <YAxis tick={AXIS_TICK} stroke={AXIS_LINE} label={{ value: 'hours', angle: -90, position: 'insideLeft', ...AXIS_LABEL }} />
          <Tooltip content={HoursTooltip} cursor={{ fill: 'rgba(148, 163, 184, 0.1)' }} />
          <Bar dataKey="hours" name="Hours to TCA" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
