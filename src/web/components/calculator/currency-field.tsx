import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatGrouped } from '@/lib/format';
import { parseGroupedNumber } from '@/lib/numeric-input';

interface CurrencyFieldProps {
  id: string;
  label: string;
  value: number;
  onValueChange: (value: number) => void;
}

/**
 * A USD amount typed as text with thousands separators ('1,500,000').
 * Edits that are not a number once commas are removed are ignored, so the
 * field keeps its previous value (spec §5).
 */
export function CurrencyField({ id, label, value, onValueChange }: CurrencyFieldProps) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={formatGrouped(value)}
        onChange={(event) => {
          const next = parseGroupedNumber(event.target.value);
          if (next !== null) onValueChange(next);
        }}
      />
    </div>
  );
}
