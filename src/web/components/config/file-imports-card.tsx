import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, FileUp, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { Progress } from '@/components/ui/progress';
import type { CsvColumn } from '@/lib/csv';
import { IMPORT_KINDS, importContentType, importUrl, summariseImport, uploadFile, type ImportKind, type ImportKindInfo, type ImportSummary, type Rejection } from '@/lib/file-import';

export const FILE_IMPORTS_TITLE = 'File Imports';

type Upload =
  | { phase: 'sending'; file: string; percent: number }
  | { phase: 'importing'; file: string }
  | { phase: 'done'; file: string; summary: ImportSummary }
  | { phase: 'failed'; file: string; message: string };

const REJECTION_COLUMNS: readonly CsvColumn<Rejection>[] = [
  { header: 'Line', value: (r) => r.line },
  { header: 'Record', value: (r) => r.what },
  { header: 'Reason', value: (r) => r.reason },
];

const integer = (n: number) => n.toLocaleString('en-US');

/** The report of one import: added, (updated,) already present, rejected with line and reason. */
function Report({ file, summary }: { file: string; summary: ImportSummary }) {
  const figures: [string, number][] = [
    ['Added', summary.added],
    ...(summary.updated !== null ? ([['Updated', summary.updated]] as [string, number][]) : []),
    ['Already present', summary.present],
    ['Rejected', summary.rejected],
  ];
  return (
    <div role="region" aria-label={`Import report: ${file}`} className="space-y-2 rounded-md border bg-background/40 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        {summary.ok ? <CircleCheck className="size-4 text-green-400" aria-hidden="true" /> : <CircleAlert className="size-4 text-red-400" aria-hidden="true" />}
        {summary.ok ? `${file}: imported` : `${file}: refused`}
        {summary.format && <span className="font-mono text-xs text-muted-foreground">{summary.format}</span>}
      </p>
      {summary.message && <p className="text-red-300">{summary.message}</p>}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{`${label} (${summary.unit})`}</dt>
            <dd className="font-mono text-lg">{integer(value)}</dd>
          </div>
        ))}
      </dl>
      {summary.rejections.length > 0 && (
        <div className="space-y-2">
          <div className="flex items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">
              {summary.rejections.length < summary.rejected ? `The first ${summary.rejections.length} of ${integer(summary.rejected)} rejections` : 'Rejections'}
            </p>
            <ExportCsvButton rows={summary.rejections} columns={REJECTION_COLUMNS} name="import-rejections" className="h-7" />
          </div>
          <div className="max-h-56 overflow-y-auto rounded border">
            <table className="w-full text-xs" aria-label={`Rejected records: ${file}`}>
              <thead className="sticky top-0 bg-card text-left text-muted-foreground">
                <tr>
                  <th className="px-2 py-1 font-medium">Line</th>
                  <th className="px-2 py-1 font-medium">Record</th>
                  <th className="px-2 py-1 font-medium">Reason</th>
                </tr>
              </thead>
              <tbody>
                {summary.rejections.map((r, i) => (
                  <tr key={i} className="border-t align-top">
                    <td className="px-2 py-1 font-mono">{r.line ?? '—'}</td>
                    <td className="px-2 py-1 font-mono">{r.what ?? '—'}</td>
                    <td className="px-2 py-1">{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}

/** One kind of file: its picker, the upload's progress, then the report of each file sent. */
function ImportRow({ info }: { info: ImportKindInfo }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const busy = uploads.some((u) => u.phase === 'sending' || u.phase === 'importing');

  const send = async (file: File, index: number) => {
    const put = (upload: Upload) => setUploads((list) => list.map((u, i) => (i === index ? upload : u)));
    try {
      const { status, body } = await uploadFile(importUrl(info.kind, file.name), file, importContentType(file.name), ({ loaded, total }) => {
        // Sent whole: the server reads and stores it now (a 50,000-object catalogue takes some seconds).
        if (total > 0 && loaded >= total) put({ phase: 'importing', file: file.name });
        else put({ phase: 'sending', file: file.name, percent: total > 0 ? (100 * loaded) / total : 0 });
      });
      put({ phase: 'done', file: file.name, summary: summariseImport(info.kind, status, body) });
      // What the import changed is read again everywhere (lists, the globe, the dashboard).
      if (status < 300) void client.invalidateQueries();
    } catch (error) {
      put({ phase: 'failed', file: file.name, message: error instanceof Error ? error.message : String(error) });
    }
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setUploads(files.map((f) => ({ phase: 'sending', file: f.name, percent: 0 })));
    // One at a time: an import holds its rows' locks to its end.
    for (const [i, file] of files.entries()) await send(file, i);
  };

  return (
    <li aria-label={info.label} className="space-y-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <label htmlFor={inputId} className="font-medium">
            {info.label}
          </label>
          <p className="text-xs text-muted-foreground">{info.formats}</p>
        </div>
        <input ref={input} id={inputId} type="file" multiple accept={info.accept} className="sr-only" onChange={(event) => void pick(event)} disabled={busy} data-kind={info.kind} />
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          <FileUp aria-hidden="true" />
          Choose files
        </Button>
      </div>
      {uploads.map((upload, i) => (
        <div key={i}>
          {upload.phase === 'sending' && (
            <div className="space-y-1" role="status">
              <p className="text-xs">{`Sending ${upload.file}: ${Math.round(upload.percent)}%`}</p>
              <Progress value={upload.percent} aria-label={`Sending ${upload.file}`} />
            </div>
          )}
          {upload.phase === 'importing' && (
            <p className="flex items-center gap-2 text-xs" role="status">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              {`Sent ${upload.file}; the server is reading and storing it...`}
            </p>
          )}
          {upload.phase === 'done' && <Report file={upload.file} summary={upload.summary} />}
          {upload.phase === 'failed' && (
            <Alert variant="destructive" className="p-3">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{`${upload.file}: ${upload.message}`}</AlertDescription>
            </Alert>
          )}
        </div>
      ))}
    </li>
  );
}

/**
 * File imports through the browser (issue 14, /config): element sets, SATCAT, space weather and
 * CDMs, each with a progress bar while it is sent and stored, then the server's report.
 */
export function FileImportsCard({ kinds = IMPORT_KINDS.map((k) => k.kind) }: { kinds?: readonly ImportKind[] }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <FileUp className="size-5 text-blue-400" aria-hidden="true" />
          {FILE_IMPORTS_TITLE}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3" aria-label="Imports">
          {IMPORT_KINDS.filter((k) => kinds.includes(k.kind)).map((info) => (
            <ImportRow key={info.kind} info={info} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
