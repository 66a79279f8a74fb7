import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toDisplayUnits } from '@/lib/numeric-input';

interface NumberFieldProps {
  id: string;
  label: string;
  /** The stored value (a fraction for percent fields). */
  value: number;
  onValueChange: (value: number) => void;
  /** Display units per stored unit: 100 for percent fields entered as 5 but stored as 0.05. */
  scale?: number;
  step?: number;
}

/**
 * A number input that keeps the text being typed ('5.', '0.0') while storing
 * value / scale. Keeping the draft locally avoids the caret jumps and lost
 * keystrokes of a number input that is re-rendered from a rescaled value.
 */
export function NumberField({ id, label, value, onValueChange, scale = 1, step }: NumberFieldProps) {
  const [text, setText] = useState(() => toDisplayUnits(value, scale));
  const [lastValue, setLastValue] = useState(value);
  // Follow a value changed from outside (React's "adjust state on prop change" pattern).
  if (value !== lastValue) {
    setLastValue(value);
    if (Number(text) / scale !== value) setText(toDisplayUnits(value, scale));
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        step={step}
        value={text}
        onChange={(event) => {
          // The browser reports '' for half-typed input such as '1e'; wait for a real number.
          if (event.target.validity.badInput) return;
          const raw = event.target.value;
          const shown = raw.trim() === '' ? 0 : Number(raw);
          if (!Number.isFinite(shown)) return;
          setText(raw);
          const next = shown / scale;
          setLastValue(next);
          onValueChange(next);
        }}
      />
    </div>
  );
}
