import type { RoiInputs, RoiResult } from '@core/finance/index.ts';
import { ResultRow } from '@/components/calculator/result-row';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatUsd } from '@/lib/format';
import { roiInsights } from '@/lib/roi-insights';

export function KeyInsightsCard({ inputs, result }: { inputs: RoiInputs; result: RoiResult }) {
  return (
    <Card aria-labelledby="calc-insights-title">
      <CardHeader>
        <CardTitle id="calc-insights-title">Key Insights</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="text-sm">
          <ResultRow label="Protected Assets" value={formatUsd(result.protectedAssets)} />
        </dl>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          {roiInsights(inputs, result).map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
