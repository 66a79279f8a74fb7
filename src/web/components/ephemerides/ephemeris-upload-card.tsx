import { CircleAlert, CircleCheck, FileUp, LoaderCircle, Orbit, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { EphemerisImportResponse } from '@contracts/ephemerides.ts';
import { EphemerisList } from '@/components/ephemerides/ephemeris-list';
import { ObjectLink } from '@/components/objects/object-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailField } from '@/components/ui/detail-field';
import { Input } from '@/components/ui/input';
import { formatUtcDateTime } from '@/lib/conjunction-format';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/queries/auth';
import { OEM_FILE_ACCEPT, useUploadEphemeris } from '@/queries/ephemerides';

export const EPHEMERIDES_TITLE = 'Operator ephemerides';
export const OEM_FILE_LABEL = 'OEM file';

/** The object page's object: the card lists its ephemerides, and offers the upload for a fleet object only. */
export interface EphemerisObject {
  readonly noradId: number;
  readonly name: string;
  readonly fleet: boolean;
}

const integer = (n: number) => n.toLocaleString('en-US');

/** 400 (a file that cannot be used) and 422 (not a fleet object) are the server's refusals; anything else is a failed upload. */
const refused = (error: Error) => /^(400|422):/.test(error.message);

/** What a stored (or already stored) file holds: the object, its frame, the span it covers, its states and covariances. */
function UploadSummary({ file, response, object }: { file: string; response: EphemerisImportResponse; object?: EphemerisObject }) {
  const e = response.ephemeris;
  return (
    <div role="region" aria-label={`Upload result: ${file}`} className="space-y-3 rounded-md border bg-background/40 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2 font-medium">
        <CircleCheck className="size-4 text-green-400" aria-hidden="true" />
        <span className="break-all">{file}</span>
        <span className={response.duplicate ? 'text-amber-300' : 'text-green-300'}>{response.duplicate ? 'already stored' : 'stored'}</span>
      </p>
      {response.duplicate && (
        <p className="text-muted-foreground">{`The same file is stored for this object already (imported by ${e.importedBy} at ${formatUtcDateTime(e.importedAt)} UTC); nothing was added.`}</p>
      )}
      {object && e.noradId !== object.noradId && (
        <p className="text-amber-300">{`This file is of ${e.objectName} (NORAD ${e.noradId}), not of ${object.name}: it is listed on that object's page.`}</p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        <DetailField label="Object">
          <ObjectLink norad={e.noradId} name={e.objectName} className="text-primary" />
          <span className="ml-1 font-mono text-xs font-normal text-muted-foreground">{e.objectId}</span>
        </DetailField>
        <DetailField label="NORAD ID" valueClassName="font-mono">
          {e.noradId}
        </DetailField>
        <DetailField label="Frame" valueClassName="font-mono">
          {e.refFrame}
        </DetailField>
        <DetailField label="Usable span (UTC)" className="col-span-2 sm:col-span-3" valueClassName="font-mono font-normal">
          {`${formatUtcDateTime(e.usableStart)} – ${formatUtcDateTime(e.usableStop)}`}
        </DetailField>
        <DetailField label="States" valueClassName="font-mono">
          {integer(e.states)}
        </DetailField>
        <DetailField label="Covariances" valueClassName="font-mono">
          {integer(e.covariances)}
        </DetailField>
        <DetailField label="Originator">{e.originator}</DetailField>
      </dl>
    </div>
  );
}

/** The file picker and the upload, then the stored file's summary or the server's refusal word for word (line and reason). */
function UploadForm({ object }: { object?: EphemerisObject }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadEphemeris();
  // The name of the file the shown result is of (the picker may hold another by then).
  const sent = upload.variables?.name ?? '';

  const send = () => {
    if (!file) return;
    upload.mutate(file, {
      onSettled: () => {
        setFile(null);
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <div className="space-y-3">
      <form
        aria-label="Upload an ephemeris"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <div className="min-w-64 flex-1 space-y-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {OEM_FILE_LABEL}
          </label>
          <Input
            ref={input}
            id={inputId}
            type="file"
            accept={OEM_FILE_ACCEPT}
            disabled={upload.isPending}
            className="cursor-pointer file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              upload.reset();
            }}
          />
        </div>
        <Button type="submit" disabled={!file || upload.isPending}>
          {upload.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Upload aria-hidden="true" />}
          Upload
        </Button>
      </form>
      {upload.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {`Uploading ${sent}; the server reads and checks it...`}
        </p>
      )}
      {upload.data && <UploadSummary file={sent} response={upload.data} object={object} />}
      {upload.error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <div className="min-w-0 space-y-1">
            <p className="break-all font-medium">{refused(upload.error) ? `${sent} was refused; nothing was stored` : `${sent} could not be uploaded`}</p>
            <AlertDescription className="break-words font-mono text-xs">{errorMessage(upload.error) ?? 'Unknown error'}</AlertDescription>
          </div>
        </Alert>
      )}
    </div>
  );
}

/**
 * Operators' own predicted ephemerides (issue 28): upload a CCSDS OEM (KVN or XML) of a fleet
 * object as it is, see what the server read from it (or its refusal naming the line and the reason),
 * and the stored ones with their files. On /config all objects; on an object's page (`object`) that
 * object's, with the upload for a fleet object only. Uploading needs the operator role: a viewer
 * sees the list.
 */
export function EphemerisUploadCard({ object }: { object?: EphemerisObject }) {
  const titleId = useId();
  const { data: session } = useSession();
  // Without accounts the server's local user is an admin; until the session is known the form shows (the server decides).
  const viewer = session?.user?.role === 'viewer';
  const outsideFleet = object !== undefined && !object.fleet;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Orbit className="size-5 text-blue-400" aria-hidden="true" />
          {EPHEMERIDES_TITLE}
        </CardTitle>
        <CardDescription>
          {object
            ? `Predicted ephemerides of ${object.name} from its operators, CCSDS OEM (KVN or XML), stored as received.`
            : 'Predicted ephemerides of fleet objects from their operators, CCSDS OEM (KVN or XML), stored as received. The file’s OBJECT_ID (international designator or NORAD id) names the object.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {outsideFleet ? (
          <p className="text-sm text-muted-foreground">
            {`Ephemerides are for fleet objects: ${object.name} is not in the fleet. `}
            <Link href="/config" className="text-primary hover:underline">
              The fleet is set on the Configuration page.
            </Link>
          </p>
        ) : viewer ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <FileUp className="size-4" aria-hidden="true" />
            Uploading an ephemeris needs the operator role.
          </p>
        ) : (
          <UploadForm object={object} />
        )}
        <EphemerisList norad={object?.noradId} empty={object ? `No ephemeris of ${object.name} is stored.` : 'No ephemeris is stored yet.'} />
      </CardContent>
    </Card>
  );
}
