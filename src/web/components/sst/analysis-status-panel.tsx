import { X } from 'lucide-react';
import { useId } from 'react';
import { ProgressStepItem } from '@/components/sst/progress-step-item';
import { useAnimatedPercent } from '@/components/sst/use-animated-percent';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { analysisSummary, percentComplete, type ProgressStep } from '@/lib/analysis-progress';
import { cn } from '@/lib/utils';

/**
 * Spec §2/§4 floating "Analysis Status" panel: the six steps with status and
 * details, percent complete (completed / total, the bar climbing toward it by 2
 * every 50 ms), the summary once finished, and Close. Mount it with a new key
 * per analysis so the bar starts again from 0.
 */
export function AnalysisStatusPanel({ steps, onClose }: { steps: ProgressStep[]; onClose: () => void }) {
  const titleId = useId();
  const shown = useAnimatedPercent(percentComplete(steps));
  const summary = analysisSummary(steps);
  const failed = steps.some((step) => step.status === 'error');
  return (
    <Card aria-labelledby={titleId} className="fixed bottom-4 right-4 z-50 w-[22rem] max-w-[calc(100vw-2rem)] shadow-2xl">
      <CardHeader className="flex-row items-center justify-between space-y-0 pb-3">
        <CardTitle id={titleId} className="text-base">
          Analysis Status
        </CardTitle>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X aria-hidden="true" />
          Close
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <ol className="space-y-3" aria-label="Analysis steps">
          {steps.map((step) => (
            <ProgressStepItem key={step.id} step={step} />
          ))}
        </ol>
        <div className="space-y-1">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>Progress</span>
            <span>{`${Math.round(shown)}% complete`}</span>
          </div>
          <Progress value={shown} aria-label="Analysis progress" />
        </div>
        {/* Always in the DOM: a live region announces text added to it, not a region that appears with it. */}
        <p role="status" className={cn('text-sm font-medium', failed ? 'text-red-400' : 'text-green-400')}>
          {summary}
        </p>
      </CardContent>
    </Card>
  );
}
