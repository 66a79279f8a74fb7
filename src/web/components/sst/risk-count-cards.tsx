import { useId } from 'react';
import type { RiskLevel } from '@contracts/conjunctions.ts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { RISK_LABELS, RISK_LEVELS, riskStyle, type RiskCounts } from '@/lib/risk-levels';
import { cn } from '@/lib/utils';

function RiskCountCard({ level, count }: { level: RiskLevel; count: number }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-2">
        <CardTitle id={titleId} className="text-sm font-medium text-muted-foreground">
          {RISK_LABELS[level]}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className={cn('text-3xl font-bold', riskStyle(level).text)}>{count}</p>
      </CardContent>
    </Card>
  );
}

/** Spec §2: Critical, High, Medium, Low, each the number of conjunctions at that risk_level. */
export function RiskCountCards({ counts }: { counts: RiskCounts }) {
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {RISK_LEVELS.map((level) => (
        <RiskCountCard key={level} level={level} count={counts[level]} />
      ))}
    </div>
  );
}
