import { CartesianGrid, Legend, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { AXIS_LINE, AXIS_TICK, ChartCard, GRID_STROKE, TOOLTIP_CLASS } from '@/components/sst/chart-card';
import { RISK_LABELS, RISK_LEVELS, riskStyle } from '@/lib/risk-levels';
import { subsetNote, type ChartSeries, type ConjunctionPoint } from '@/lib/sst-chart-data';
import { formatRelativeVelocity } from '@/lib/sst-format';

function PointTooltip({ active, payload }: TooltipContentProps) {
  const point = payload?.[0]?.payload as ConjunctionPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className={TOOLTIP_CLASS}>
      <p className="font-medium">{point.pair}</p>
      <p>{`Relative velocity: ${formatRelativeVelocity(point.relativeVelocityKmS)}`}</p>
      <p>{`Collision probability: ${point.probabilityPercent.toFixed(3)}%`}</p>
    </div>
  );
}

/** Spec §2: relative velocity (km/s) against collision probability (%), one series per risk level. */
export function ProbabilityVelocityChart({ series }: { series: ChartSeries<ConjunctionPoint> }) {
  return (
    <ChartCard title="Probability vs Velocity" note={subsetNote('Most probable', series)}>
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
          <XAxis type="number" dataKey="relativeVelocityKmS" name="Relative velocity" unit=" km/s" tick={AXIS_TICK} stroke={AXIS_LINE} />
          <YAxis type="number" dataKey="probabilityPercent" name="Probability" unit="%" tick={AXIS_TICK} stroke={AXIS_LINE} width={70} />
          <Tooltip content={PointTooltip} cursor={{ strokeDasharray: '3 3' }} />
          {/* Legend in risk order (critical first), not alphabetical. */}
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {RISK_LEVELS.map((level) => {
            const data = series.items.filter((point) => point.level === level);
            return data.length > 0 ? <Scatter key={level} name={RISK_LABELS[level]} data={data} fill={riskStyle(level).chart} isAnimationActive={false} /> : null;
          })}
        </ScatterChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
