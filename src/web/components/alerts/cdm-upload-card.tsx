import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, FileUp, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Link } from 'wouter';
import type { CdmImportResponse } from '@contracts/conjunction-events.ts';
import { PcValue } from '@/components/alerts/pc-value';
import { RiskBadge } from '@/components/sst/risk-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CDM_FILE_ACCEPT, importActionLabel, importSummary, messagePosition } from '@/lib/cdm-upload';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { importCdmFile, invalidateConjunctionEvents } from '@/queries/conjunction-events';

type UploadState =
  | { state: 'uploading' }
  | { state: 'done'; response: CdmImportResponse }
  /** `rejected`: the server refused the file (400: not CDMs at all); otherwise the upload itself failed. */
  | { state: 'failed'; rejected: boolean; message: string };

type UploadEntry = { id: number; fileName: string } & UploadState;

function failureOf(error: unknown): UploadState {
  const message = errorMessage(error) ?? 'Unknown error';
  return { state: 'failed', rejected: error instanceof Error && error.message.startsWith('400:'), message };
}

/**
 * CDM upload (issue 11): drop files on the zone or pick them (several at once). Each
 * file is POSTed on its own, one after another, and gets its own result: the events
 * it created (linked), updated or merged, the messages already stored, and every
 * rejected message with where it sits in the file and why; or the server's message
 * when the file was refused or could not be sent. The lists are read again after
 * each batch.
 */
export function CdmUploadCard() {
  const titleId = useId();
  const client = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const nextId = useRef(0);
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [dragging, setDragging] = useState(false);

  const update = (id: number, state: UploadState) => setEntries((prev) => prev.map((entry) => (entry.id === id ? { id, fileName: entry.fileName, ...state } : entry)));

  const upload = async (files: readonly File[]) => {
    if (files.length === 0) return;
    const batch: UploadEntry[] = files.map((file) => ({ id: nextId.current++, fileName: file.name, state: 'uploading' }));
    setEntries((prev) => [...batch, ...prev]);
    for (const [index, file] of files.entries()) {
      const { id } = batch[index]!;
      try {
        update(id, { state: 'done', response: await importCdmFile(file) });
      } catch (error) {
        update(id, failureOf(error));
      }
    }
    await invalidateConjunctionEvents(client);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId}>Import CDMs</CardTitle>
        <CardDescription>CCSDS Conjunction Data Messages as KVN, XML or Space-Track JSON; a file may hold several messages.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div
          data-testid="cdm-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center text-sm text-muted-foreground transition-colors',
            dragging && 'border-primary bg-primary/10 text-foreground',
          )}
        >
          <FileUp className="size-8" aria-hidden="true" />
          <p>Drop CDM files here, or</p>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={CDM_FILE_ACCEPT}
            aria-label="CDM files"
            className="sr-only"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              // Cleared so that choosing the same file again uploads it again.
              event.target.value = '';
              void upload(files);
            }}
          />
          <Button type="button" variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
            Choose files
          </Button>
        </div>
        {entries.length > 0 && (
          <div className="space-y-2">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">Upload results</h3>
              <Button type="button" variant="ghost" size="sm" onClick={() => setEntries((prev) => prev.filter((entry) => entry.state === 'uploading'))}>
                Clear results
              </Button>
            </div>
            <ul aria-label="Upload results" className="space-y-2">
              {entries.map((entry) => (
                <UploadResult key={entry.id} entry={entry} />
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function UploadResult({ entry }: { entry: UploadEntry }) {
  return (
    <li aria-label={entry.fileName} className="space-y-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        {entry.state === 'uploading' && <LoaderCircle className="size-4 animate-spin text-muted-foreground" aria-hidden="true" />}
        {entry.state === 'done' && <CircleCheck className="size-4 text-green-500" aria-hidden="true" />}
        {entry.state === 'failed' && <CircleAlert className="size-4 text-red-400" aria-hidden="true" />}
        <span className="break-all font-medium">{entry.fileName}</span>
        {entry.state === 'uploading' && (
          <span role="status" className="text-muted-foreground">
            Uploading…
          </span>
        )}
        {entry.state === 'done' && <span className="text-muted-foreground">{importSummary(entry.response)}</span>}
      </div>
      {entry.state === 'failed' && (
        <p role="alert" className="text-red-400">
          {`${entry.rejected ? 'Rejected' : 'Upload failed'}: ${entry.message}`}
        </p>
      )}
      {entry.state === 'done' && <ImportDetails response={entry.response} />}
    </li>
  );
}

function ImportDetails({ response }: { response: CdmImportResponse }) {
  return (
    <>
      {response.imported.length > 0 && (
        <ul aria-label="Imported" className="space-y-1">
          {response.imported.map((item) => (
            <li key={`${item.index}-${item.messageId}`} className="flex flex-wrap items-center gap-2 text-xs">
              <span className="text-muted-foreground">{messagePosition(item)}</span>
              <Link href={`/alerts/${encodeURIComponent(item.conjunctionId)}`} className="font-mono text-primary hover:underline">
                {item.conjunctionId}
              </Link>
              <span>({importActionLabel(item.action)})</span>
              <RiskBadge level={item.riskLevel} />
              <PcValue pc={item.collisionProbability} method={item.pcMethod} />
              <span className="break-all font-mono text-muted-foreground">{item.messageId}</span>
            </li>
          ))}
        </ul>
      )}
      {response.duplicates.length > 0 && (
        <ul aria-label="Duplicates" className="space-y-1">
          {response.duplicates.map((item) => (
            <li key={`${item.index}-${item.messageId}`} className="text-xs text-muted-foreground">
              {`${messagePosition(item)}: ${item.messageId} is already stored`}
              {item.conjunctionId && (
                <>
                  {' ('}
                  <Link href={`/alerts/${encodeURIComponent(item.conjunctionId)}`} className="font-mono text-primary hover:underline">
                    {item.conjunctionId}
                  </Link>
                  {')'}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {response.rejected.length > 0 && (
        <ul aria-label="Rejected" className="space-y-1">
          {response.rejected.map((item, index) => (
            <li key={index} className="text-xs text-red-300">
              {`${messagePosition(item)}${item.messageId ? ` (${item.messageId})` : ''}: ${item.reason}`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
