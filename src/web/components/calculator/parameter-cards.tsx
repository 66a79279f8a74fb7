import type { RoiInputs } from '@core/finance/index.ts';
import { CurrencyField } from '@/components/calculator/currency-field';
import { NumberField } from '@/components/calculator/number-field';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Percent fields: entered as percent with step 0.01, stored as fractions (spec §5). */
const PERCENT = { scale: 100, step: 0.01 } as const;

interface ParameterCardsProps {
  inputs: RoiInputs;
  onChange: <K extends keyof RoiInputs>(key: K, value: RoiInputs[K]) => void;
}

/** The two input cards of the calculator, fields in the spec's order. */
export function ParameterCards({ inputs, onChange }: ParameterCardsProps) {
  const set = (key: keyof RoiInputs) => (value: number) => onChange(key, value);
  return (
    <>
      <Card aria-labelledby="calc-operations-title">
        <CardHeader>
          <CardTitle id="calc-operations-title">Satellite Operations Parameters</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <NumberField id="calc-satellites" label="Number of Satellites" value={inputs.satellites} onValueChange={set('satellites')} />
          <CurrencyField id="calc-cost-per-satellite" label="Cost per Satellite (USD)" value={inputs.costPerSatellite} onValueChange={set('costPerSatellite')} />
          <NumberField id="calc-loss-rate" label="Annual Loss Rate (%)" value={inputs.annualLossRate} onValueChange={set('annualLossRate')} {...PERCENT} />
          <NumberField id="calc-prevention-rate" label="Prevention Rate (%)" value={inputs.preventionRate} onValueChange={set('preventionRate')} {...PERCENT} />
          <NumberField id="calc-prevented-downtime" label="Prevented Downtime (%)" value={inputs.preventedDowntime} onValueChange={set('preventedDowntime')} {...PERCENT} />
        </CardContent>
      </Card>
      <Card aria-labelledby="calc-financial-title">
        <CardHeader>
          <CardTitle id="calc-financial-title">Financial Parameters</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <CurrencyField id="calc-annual-insurance" label="Annual Insurance (USD)" value={inputs.annualInsurance} onValueChange={set('annualInsurance')} />
          <NumberField id="calc-insurance-discount" label="Insurance Discount (%)" value={inputs.insuranceDiscount} onValueChange={set('insuranceDiscount')} {...PERCENT} />
          <CurrencyField id="calc-fuel-savings" label="Annual Fuel Savings (USD)" value={inputs.annualFuelSavings} onValueChange={set('annualFuelSavings')} />
          <CurrencyField id="calc-revenue-at-risk" label="Annual Revenue at Risk (USD)" value={inputs.annualRevenueAtRisk} onValueChange={set('annualRevenueAtRisk')} />
          <CurrencyField id="calc-data-service-cost" label="Data Service Cost (USD)" value={inputs.dataServiceCost} onValueChange={set('dataServiceCost')} />
        </CardContent>
      </Card>
    </>
  );
}
