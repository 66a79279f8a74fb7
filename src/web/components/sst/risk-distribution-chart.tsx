import { Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { ChartCard } from '@/components/sst/chart-card';
import type { RiskSlice } from '@/lib/sst-chart-data';

/** Spec §2: a pie of the risk levels that occur, red, orange, yellow, green. */
export function RiskDistributionChart({ slices }: { slices: RiskSlice[] }) {
  return (
    <ChartCard title="Risk Level Distribution">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          {/* minAngle keeps a level with a handful of approaches among thousands visible. */}
          <Pie data={slices} dataKey="value" nameKey="name" outerRadius="75%" minAngle={4} stroke="var(--card)" label isAnimationActive={false} />
          <Tooltip
            contentStyle={{ backgroundColor: 'var(--card)', border: '1px solid var(--border)', borderRadius: 6, fontSize: 12 }}
            itemStyle={{ color: 'var(--card-foreground)' }}
          />
          {/* Legend in risk order (critical first), not alphabetical. */}
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
        </PieChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
