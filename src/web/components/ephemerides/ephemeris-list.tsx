import { Download, LoaderCircle } from 'lucide-react';
import type { Ephemeris } from '@contracts/ephemerides.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { formatUtcDateTime } from '@/lib/conjunction-format';
import type { CsvColumn } from '@/lib/csv';
import { errorMessage } from '@/lib/error-message';
import { EPHEMERIS_LIST_LIMIT, useEphemerides } from '@/queries/ephemerides';

export const EPHEMERIS_TABLE_NAME = 'Stored ephemerides';

const integer = (n: number) => n.toLocaleString('en-US');

/** The name the download link goes by: the file's name as uploaded, else its id. */
export const ephemerisFileLabel = (e: Ephemeris) => e.fileName ?? `ephemeris-${e.id}`;

const EPHEMERIS_COLUMNS: readonly CsvColumn<Ephemeris>[] = [
  { header: 'Object', value: (e) => e.objectName },
  { header: 'NORAD ID', value: (e) => e.noradId },
  { header: 'OBJECT_ID', value: (e) => e.objectId },
  { header: 'Frame', value: (e) => e.refFrame },
  { header: 'Usable start (UTC)', value: (e) => e.usableStart },
  { header: 'Usable stop (UTC)', value: (e) => e.usableStop },
  { header: 'States', value: (e) => e.states },
  { header: 'Covariances', value: (e) => e.covariances },
  { header: 'Originator', value: (e) => e.originator },
  { header: 'Created (UTC)', value: (e) => e.creationDate },
  { header: 'Imported by', value: (e) => e.importedBy },
  { header: 'Imported at (UTC)', value: (e) => e.importedAt },
  { header: 'File', value: (e) => e.fileName },
  { header: 'Format', value: (e) => e.format },
  { header: 'SHA-256', value: (e) => e.sha256 },
];

const th = 'py-1 pr-3 font-normal';
const td = 'py-1.5 pr-3 align-top';

/**
 * The stored ephemerides (GET /api/ephemerides, of object `norad` when given), newest import
 * first: the object, the span it covers, its states and covariances, who imported it and when, and
 * the file as received to download. `empty`: what to say when there is none.
 */
export function EphemerisList({ norad, empty }: { norad?: number; empty: string }) {
  const { data, error, isPending } = useEphemerides(norad);
  const rows = data?.ephemerides ?? [];
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{EPHEMERIS_TABLE_NAME}</h3>
        <ExportCsvButton rows={rows} columns={EPHEMERIS_COLUMNS} name={norad === undefined ? 'ephemerides' : `object-${norad}-ephemerides`} className="h-7" />
      </div>
      {isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Loading ephemerides...
        </p>
      )}
      {error && <p className="text-sm text-destructive">{`Ephemerides could not be loaded: ${errorMessage(error) ?? 'Unknown error'}`}</p>}
      {data && rows.length === 0 && <p className="text-sm text-muted-foreground">{empty}</p>}
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{EPHEMERIS_TABLE_NAME}</caption>
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className={th}>Object</th>
                <th className={th}>Usable start (UTC)</th>
                <th className={th}>Usable stop (UTC)</th>
                <th className={`${th} text-right`}>States</th>
                <th className={`${th} text-right`}>Covariances</th>
                <th className={th}>Imported by</th>
                <th className={th}>Imported at (UTC)</th>
                <th className={th}>File</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id} className="border-t">
                  <td className={td}>
                    <ObjectLink norad={e.noradId} name={e.objectName} className="text-primary" />
                    <span className="block font-mono text-xs text-muted-foreground">{`${e.noradId} · ${e.objectId} · ${e.refFrame}`}</span>
                  </td>
                  <td className={`${td} whitespace-nowrap font-mono`}>{formatUtcDateTime(e.usableStart)}</td>
                  <td className={`${td} whitespace-nowrap font-mono`}>{formatUtcDateTime(e.usableStop)}</td>
                  <td className={`${td} text-right font-mono`}>{integer(e.states)}</td>
                  <td className={`${td} text-right font-mono`}>{integer(e.covariances)}</td>
                  <td className={td}>{e.importedBy}</td>
                  <td className={`${td} whitespace-nowrap font-mono`}>{formatUtcDateTime(e.importedAt)}</td>
                  <td className={td}>
                    <a href={e.fileUrl} download={ephemerisFileLabel(e)} className="inline-flex items-center gap-1 break-all text-primary hover:underline" aria-label={`Download ${ephemerisFileLabel(e)}`}>
                      <Download className="size-3.5 shrink-0" aria-hidden="true" />
                      {ephemerisFileLabel(e)}
                    </a>
                    <span className="block text-xs text-muted-foreground">{e.format}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length >= EPHEMERIS_LIST_LIMIT && <p className="pt-2 text-xs text-muted-foreground">{`The newest ${EPHEMERIS_LIST_LIMIT} are listed.`}</p>}
        </div>
      )}
    </div>
  );
}
