import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Spec §2/§9: the four formulas the calculator applies (implemented in src/core/finance/roi.ts). */
export const CALCULATION_FORMULAS = [
  'Replacement Savings = Satellites × Cost per Satellite × Loss Rate × Prevention Rate',
  'Insurance Reduction = Annual Insurance × Discount',
  'Revenue Protected = Revenue at Risk × Prevented Downtime',
  'ROI = (Total Savings − Data Service Cost) ÷ Data Service Cost × 100',
] as const;

export function FormulasCard() {
  return (
    <Card aria-labelledby="calc-formulas-title">
      <CardHeader>
        <CardTitle id="calc-formulas-title">Calculation Formulas</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2 font-mono text-sm text-muted-foreground">
          {CALCULATION_FORMULAS.map((formula) => (
            <li key={formula}>{formula}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
