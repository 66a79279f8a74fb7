import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A determinate progress bar (role="progressbar", 0-100). Plain markup: the
 * value is animated by its owner, so it needs no transition of its own.
 */
export function Progress({ value, className, ...props }: Omit<ComponentProps<'div'>, 'children'> & { value: number }) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-secondary', className)}
      {...props}
    >
      <div className="h-full bg-primary" style={{ width: `${clamped}%` }} />
    </div>
  );
}
