import type { ReactNode } from 'react';

/** One labelled value of a satellite card: a <dt>/<dd> pair inside the card's <dl>. */
export function SatelliteField({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words font-mono text-sm">{value}</dd>
    </div>
  );
}
