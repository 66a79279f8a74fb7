import { useId } from 'react';
import type { SstConjunction, SstResult } from '@contracts/conjunctions.ts';
import { ConjunctionList } from '@/components/sst/conjunction-list';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import type { CsvColumn } from '@/lib/csv';

/** Spec §2: before any analysis the card invites running one (the spec's own text is cut off). */
export const RESULTS_INVITATION = 'Select satellites and click Analyze Conjunctions to screen them for close approaches.';
export const NO_CONJUNCTIONS_TITLE = 'No Conjunctions Detected';

/** Spec §2: 'Analyzed {total_objects} objects'. */
export function analyzedObjectsText(totalObjects: number): string {
  return `Analyzed ${totalObjects} objects`;
}

/** The results' CSV (issue 14): what each item shows, in full, with the miss vector and both Pc. */
export const SST_RESULTS_CSV_COLUMNS: readonly CsvColumn<SstConjunction>[] = [
  { header: 'Conjunction ID', value: (c) => c.id },
  { header: 'Risk', value: (c) => c.risk_level },
  { header: 'Primary', value: (c) => c.primary_object },
  { header: 'Primary NORAD ID', value: (c) => c.primary_id },
  { header: 'Secondary', value: (c) => c.secondary_object },
  { header: 'Secondary NORAD ID', value: (c) => c.secondary_id },
  { header: 'TCA (UTC)', value: (c) => c.tca },
  { header: 'Miss distance (km)', value: (c) => c.miss_distance_km },
  { header: 'Radial (km)', value: (c) => c.radial_km },
  { header: 'In-track (km)', value: (c) => c.in_track_km },
  { header: 'Cross-track (km)', value: (c) => c.cross_track_km },
  { header: 'Relative velocity (km/s)', value: (c) => c.relative_velocity_km_s },
  { header: 'Pc', value: (c) => c.collision_probability },
  { header: 'Pc method', value: (c) => c.pc_method },
  { header: 'Max Pc', value: (c) => c.max_collision_probability },
  { header: 'CDM', value: (c) => c.cdm_url },
];

/**
 * Spec §2 "Detailed Conjunction Results": the invitation before any analysis,
 * 'No Conjunctions Detected' for an empty result, else the scrollable list and its CSV.
 */
export function ConjunctionResultsCard({ result, now }: { result: SstResult | null; now: number }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle id={titleId}>Detailed Conjunction Results</CardTitle>
        {result && result.conjunctions.length > 0 && <ExportCsvButton rows={result.conjunctions} columns={SST_RESULTS_CSV_COLUMNS} name="sst-conjunctions" />}
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
