import { Calculator } from 'lucide-react';
import { useState } from 'react';
import { calculateRoi, ROI_DEFAULTS, type RoiInputs, type RoiResult } from '@core/finance/index.ts';
import { FormulasCard } from '@/components/calculator/formulas-card';
import { KeyInsightsCard } from '@/components/calculator/key-insights-card';
import { ParameterCards } from '@/components/calculator/parameter-cards';
import { RoiAnalysisCard } from '@/components/calculator/roi-analysis-card';
import { SavingsBreakdownCard } from '@/components/calculator/savings-breakdown-card';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

export const CALC_HINT = 'Configure your parameters and click Calculate ROI to see your potential savings.';

/** Savings calculator (/calc), spec §2, §5, §9. The arithmetic lives in src/core/finance/roi.ts. */
export default function CalcPage() {
  const [inputs, setInputs] = useState<RoiInputs>(() => ({ ...ROI_DEFAULTS }));
  // The inputs the shown results were computed from; null while results are hidden.
  const [computed, setComputed] = useState<{ inputs: RoiInputs; result: RoiResult } | null>(null);

  const onChange = <K extends keyof RoiInputs>(key: K, value: RoiInputs[K]) => {
    setInputs((prev) => ({ ...prev, [key]: value }));
    // Spec §4: editing any input hides the results until Calculate ROI is pressed again.
    setComputed(null);
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6 p-6">
      <PageTitle title="Savings Calculator - Solar Flare Data ROI" />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <ParameterCards inputs={inputs} onChange={onChange} />
          <Button className="w-full" size="lg" onClick={() => setComputed({ inputs, result: calculateRoi(inputs) })}>
            <Calculator aria-hidden="true" />
            Calculate ROI
          </Button>
        </div>
        <div className="space-y-6">
          {computed ? (
            <>
              <SavingsBreakdownCard result={computed.result} />
              <RoiAnalysisCard result={computed.result} />
              <KeyInsightsCard inputs={computed.inputs} result={computed.result} />
            </>
          ) : (
            <Card>
              <CardContent className="pt-6 text-center text-muted-foreground">{CALC_HINT}</CardContent>
            </Card>
          )}
        </div>
      </div>
      <FormulasCard />
    </div>
  );
}
