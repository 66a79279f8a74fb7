import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One "name … value" line of a result card; a <dt>/<dd> pair inside the card's <dl>. */
export function ResultRow({ label, value, emphasis = false }: { label: string; value: ReactNode; emphasis?: boolean }) {
  return (
    <div className={cn('flex items-center justify-between gap-4 py-1.5', emphasis && 'mt-1 border-t pt-3 font-semibold')}>
      <dt className={cn(!emphasis && 'text-muted-foreground')}>{label}</dt>
      <dd className="font-mono">{value}</dd>
    </div>
  );
}
