import { useId } from 'react';
import type { CatalogStaleObject } from '@contracts/catalog-screenings.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import type { CsvColumn } from '@/lib/csv';
import { formatGrouped } from '@/lib/format';
import { useCatalogStale } from '@/queries/catalog-screenings';

/** Rows the card shows; the CSV export has them all. */
export const STALE_ROWS_SHOWN = 200;

const CSV_COLUMNS: readonly CsvColumn<CatalogStaleObject>[] = [
  { header: 'NORAD ID', value: (s) => s.noradId },
  { header: 'Name', value: (s) => s.name },
  { header: 'Epoch (UTC)', value: (s) => s.epoch },
  { header: 'Age (days)', value: (s) => s.ageDays },
];

/** '2023-07-12T03:18:49.430Z' as '2023-07-12 03:18 UTC'. */
function epochText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * A completed run's stale element sets (issue 30): objects whose set is more than
 * MAX_ELEMENT_AGE_DAYS from the window, listed with their age and not screened, oldest first.
 */
export function StaleSetsCard({ runId, count, maxAgeDays }: { runId: string; count: number; maxAgeDays: number | null }) {
  const titleId = useId();
  const stale = useCatalogStale(runId);
  const rows = stale.data ?? [];
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0 pb-3">
        <CardTitle id={titleId} className="text-base">
          Stale element sets ({formatGrouped(count)})
        </CardTitle>
        <ExportCsvButton rows={rows} columns={CSV_COLUMNS} name="stale-element-sets" disabled={rows.length === 0} />
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-muted-foreground">
          {formatGrouped(count)} objects were not screened: their element set is more than {maxAgeDays ?? '—'} days from the window, where SGP4 is off by tens of
          kilometres or more (MAX_ELEMENT_AGE_DAYS). Oldest first.
        </p>
        {stale.error ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the stale element sets: {(stale.error as Error).message}
          </p>
        ) : (
          <div className="max-h-72 overflow-auto rounded-md border">
            <table className="w-full text-sm" aria-label="Stale element sets">
              <thead className="sticky top-0 bg-card text-left text-xs text-muted-foreground">
                <tr>
                  <th className="px-3 py-2 font-medium">NORAD ID</th>
                  <th className="px-3 py-2 font-medium">Name</th>
                  <th className="px-3 py-2 font-medium">Epoch</th>
                  <th className="px-3 py-2 text-right font-medium">Age (days)</th>
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, STALE_ROWS_SHOWN).map((s) => (
                  <tr key={s.noradId} className="border-t">
                    <td className="px-3 py-1.5 tabular-nums">{s.noradId}</td>
                    <td className="px-3 py-1.5">
                      <ObjectLink norad={s.noradId} name={s.name} />
                    </td>
                    <td className="px-3 py-1.5 tabular-nums">{epochText(s.epoch)}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{s.ageDays.toFixed(1)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {rows.length > STALE_ROWS_SHOWN && (
          <p className="text-xs text-muted-foreground">
            The {STALE_ROWS_SHOWN} oldest of {formatGrouped(rows.length)} shown; Export CSV has them all.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
