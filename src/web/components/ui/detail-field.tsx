import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface DetailFieldProps {
  label: string;
  children: ReactNode;
  /** Classes of the pair's box in the list's grid (e.g. 'col-span-2'). */
  className?: string;
  /** Classes of the value over its defaults (text-sm, medium weight), e.g. 'font-mono font-normal'. */
  valueClassName?: string;
}

/** One labelled value of a card's <dl> (satellite cards, a conjunction's detail): a <dt>/<dd> pair, the label small and muted. */
export function DetailField({ label, children, className, valueClassName }: DetailFieldProps) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('break-words text-sm font-medium', valueClassName)}>{children}</dd>
    </div>
  );
}
