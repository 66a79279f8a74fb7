import type { RoiResult } from '@core/finance/index.ts';
import { ResultRow } from '@/components/calculator/result-row';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatUsd } from '@/lib/format';

/** calculateRoi reports Infinity when the savings can never repay the service. */
export function formatPayback(months: number): string {
  return Number.isFinite(months) ? `${months.toFixed(1)} months` : 'Never';
}

export function RoiAnalysisCard({ result }: { result: RoiResult }) {
  return (
    <Card aria-labelledby="calc-roi-title">
      <CardHeader>
        <CardTitle id="calc-roi-title">ROI Analysis</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="text-sm">
          <ResultRow label="Net Gain" value={formatUsd(result.netGain)} />
          <ResultRow
            label="ROI"
            // Spec §9: green badge if ROI is above 0, red otherwise.
            value={<Badge variant={result.roiPercent > 0 ? 'green' : 'red'}>{`${result.roiPercent.toFixed(1)}%`}</Badge>}
          />
          <ResultRow label="Payback Period" value={formatPayback(result.paybackMonths)} />
        </dl>
      </CardContent>
    </Card>
  );
}
