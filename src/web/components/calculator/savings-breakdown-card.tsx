import type { RoiResult } from '@core/finance/index.ts';
import { ResultRow } from '@/components/calculator/result-row';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatUsd } from '@/lib/format';

export function SavingsBreakdownCard({ result }: { result: RoiResult }) {
  return (
    <Card aria-labelledby="calc-breakdown-title">
      <CardHeader>
        <CardTitle id="calc-breakdown-title">Annual Savings Breakdown</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="text-sm">
          <ResultRow label="Replacement Savings" value={formatUsd(result.replacementSavings)} />
          <ResultRow label="Insurance Reduction" value={formatUsd(result.insuranceReduction)} />
          <ResultRow label="Fuel Savings" value={formatUsd(result.fuelSavings)} />
          <ResultRow label="Revenue Protected" value={formatUsd(result.revenueProtected)} />
          <ResultRow label="Total Savings" value={formatUsd(result.totalSavings)} emphasis />
        </dl>
      </CardContent>
    </Card>
  );
}
