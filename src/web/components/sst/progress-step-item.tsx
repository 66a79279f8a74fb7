import { Circle, CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import type { ProgressStep, StepStatus } from '@/lib/analysis-progress';
import { cn } from '@/lib/utils';

const STATUS_ICON: Record<StepStatus, { icon: typeof Circle; className: string }> = {
  pending: { icon: Circle, className: 'text-muted-foreground' },
  running: { icon: LoaderCircle, className: 'animate-spin text-blue-400' },
  completed: { icon: CircleCheck, className: 'text-green-500' },
  error: { icon: CircleX, className: 'text-red-500' },
};

/** One step of the progress panel: its title, status and details (spec §3 "Progress step"), and when it changed (UTC). */
export function ProgressStepItem({ step }: { step: ProgressStep }) {
  const { icon: Icon, className } = STATUS_ICON[step.status];
  return (
    <li className="flex gap-3" aria-label={step.title} data-status={step.status}>
      <Icon className={cn('mt-0.5 size-4 shrink-0', className)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <span className={cn('text-sm', step.status === 'pending' && 'text-muted-foreground')}>{step.title}</span>
          <span className="shrink-0 text-xs text-muted-foreground">
            {step.status}
            {step.timestamp && <time dateTime={step.timestamp}>{` ${step.timestamp.slice(11, 19)}`}</time>}
          </span>
        </div>
        {step.details && <p className={cn('break-words text-xs', step.status === 'error' ? 'text-red-400' : 'text-muted-foreground')}>{step.details}</p>}
      </div>
    </li>
  );
}
