import { LoaderCircle, Radar } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { defaultAnalysisWindow } from '@/lib/analysis-window';

/** Spec §3/§9: the threshold is text, default '5.0' km, placeholder 5.0. */
export const DEFAULT_THRESHOLD = '5.0';
export const FULL_CATALOGUE_HINT = 'Each selected satellite is screened against the full catalogue.';

export interface AnalysisParameters {
  /** datetime-local values in UTC. */
  start: string;
  end: string;
  threshold: string;
}

interface AnalysisParametersCardProps {
  selectedCount: number;
  running: boolean;
  onAnalyze: (parameters: AnalysisParameters) => void;
}

/**
 * Spec §2 "Analysis Parameters": the window (default now to +48 h, §9), the
 * distance threshold, and Analyze Conjunctions, disabled with nothing selected
 * or while an analysis runs. Dates and threshold are sent as entered: the spec
 * shows no client validation, and the server answers a bad value with a
 * message the progress panel shows.
 */
export function AnalysisParametersCard({ selectedCount, running, onAnalyze }: AnalysisParametersCardProps) {
  const [parameters, setParameters] = useState<AnalysisParameters>(() => ({ ...defaultAnalysisWindow(Date.now()), threshold: DEFAULT_THRESHOLD }));
  const titleId = useId();
  const fieldId = useId();
  const hintId = useId();
  const set = (key: keyof AnalysisParameters) => (value: string) => setParameters((prev) => ({ ...prev, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnalyze(parameters);
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Analysis Parameters</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit}>
          <div className="space-y-2">
            <Label htmlFor={`${fieldId}-start`}>Start Time (UTC)</Label>
            <Input id={`${fieldId}-start`} type="datetime-local" value={parameters.start} onChange={(event) => set('start')(event.target.value)} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${fieldId}-end`}>End Time (UTC)</Label>
            <Input id={`${fieldId}-end`} type="datetime-local" value={parameters.end} onChange={(event) => set('end')(event.target.value)} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${fieldId}-threshold`}>Distance Threshold (km)</Label>
            <Input
              id={`${fieldId}-threshold`}
              type="text"
              inputMode="decimal"
              placeholder="5.0"
              aria-describedby={hintId}
              value={parameters.threshold}
              onChange={(event) => set('threshold')(event.target.value)}
            />
            <p id={hintId} className="text-xs text-muted-foreground">
              {FULL_CATALOGUE_HINT}
            </p>
          </div>
          <Button type="submit" className="w-full" disabled={selectedCount === 0 || running}>
            {running ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Radar aria-hidden="true" />}
            Analyze Conjunctions
            <Badge variant="secondary" className="ml-1">
              {selectedCount}
            </Badge>
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
