import { useId } from 'react';
import type { SstResult } from '../../../contracts/conjunctions.ts';
import { ConjunctionList } from '@/components/sst/conjunction-list';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Spec §2: before any analysis the card invites running one (the spec's own text is cut off). */
export const RESULTS_INVITATION = 'Select satellites and click Analyze Conjunctions to screen them for close approaches.';
export const NO_CONJUNCTIONS_TITLE = 'No Conjunctions Detected';

/** Spec §2: 'Analyzed {total_objects} objects'. */
export function analyzedObjectsText(totalObjects: number): string {
  return `Analyzed ${totalObjects} objects`;
}

/**
 * Spec §2 "Detailed Conjunction Results": the invitation before any analysis,
 * 'No Conjunctions Detected' for an empty result, else the scrollable list.
 */
export function ConjunctionResultsCard({ result, now }: { result: SstResult | null; now: number }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Detailed Conjunction Results</CardTitle>
      </CardHeader>
      <CardContent>
        {!result && <p className="py-8 text-center text-muted-foreground">{RESULTS_INVITATION}</p>}
        {result && result.conjunctions.length === 0 && (
          <div className="space-y-1 py-8 text-center">
            <h3 className="text-lg font-semibold">{NO_CONJUNCTIONS_TITLE}</h3>
            <p className="text-muted-foreground">{analyzedObjectsText(result.total_objects)}</p>
          </div>
        )}
        {result && result.conjunctions.length > 0 && <ConjunctionList conjunctions={result.conjunctions} now={now} />}
      </CardContent>
    </Card>
  );
}
