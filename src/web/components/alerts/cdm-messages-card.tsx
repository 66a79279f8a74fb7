import { Download, Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import type { CdmLink } from '@contracts/conjunction-events.ts';
import { cdmXmlUrl } from '@/components/sst/conjunction-item';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailField } from '@/components/ui/detail-field';
import { formatUtcDateTime } from '@/lib/conjunction-format';
import { errorMessage } from '@/lib/error-message';
import { useCdmText } from '@/queries/conjunction-events';

export const NO_CDMS_TEXT = 'No CDMs for this event.';

const LINK_CLASS = 'inline-flex items-center gap-1 text-primary hover:underline';

/** A message's dates and originator are small print beside its text. */
const VALUE_CLASS = 'text-xs font-normal';

/**
 * The event's CDMs (issue 11): each imported message (newest first) with its
 * creation date, originator and id, a download of the message as received, and
 * its text on request; and the CDM this server wrote for the event, as KVN or XML.
 */
export function CdmMessagesCard({ cdms, generatedCdmUrl }: { cdms: readonly CdmLink[]; generatedCdmUrl: string | null }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId}>CDMs</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {cdms.length === 0 && !generatedCdmUrl && <p className="text-muted-foreground">{NO_CDMS_TEXT}</p>}
        {cdms.length > 0 && (
          <ul aria-label="Imported CDMs" className="space-y-3">
            {cdms.map((cdm) => (
              <CdmEntry key={cdm.id} cdm={cdm} />
            ))}
          </ul>
        )}
        {generatedCdmUrl && (
          <p className="flex flex-wrap items-center gap-3">
            <span className="text-muted-foreground">CDM written by this server:</span>
            <a className={LINK_CLASS} href={generatedCdmUrl} download aria-label="Download generated CDM (KVN)">
              <Download className="size-3" aria-hidden="true" />
              KVN
            </a>
            <a className={LINK_CLASS} href={cdmXmlUrl(generatedCdmUrl)} download aria-label="Download generated CDM (XML)">
              <Download className="size-3" aria-hidden="true" />
              XML
            </a>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function CdmEntry({ cdm }: { cdm: CdmLink }) {
  const [open, setOpen] = useState(false);
  const textId = useId();
  return (
    <li aria-label={`CDM ${cdm.messageId}`} className="space-y-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="break-all font-mono text-xs">{cdm.messageId}</span>
        <Badge variant="secondary">{cdm.format.toUpperCase()}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        <DetailField label="Created (UTC)" valueClassName={VALUE_CLASS}>
          {formatUtcDateTime(cdm.creationDate)}
        </DetailField>
        <DetailField label="Originator" valueClassName={VALUE_CLASS}>
          {cdm.originator}
        </DetailField>
        <DetailField label="Imported (UTC)" valueClassName={VALUE_CLASS}>
          {formatUtcDateTime(cdm.importedAt)}
        </DetailField>
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <a className={LINK_CLASS} href={cdm.url} download aria-label={`Download CDM ${cdm.messageId}`}>
          <Download className="size-3" aria-hidden="true" />
          Download
        </a>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-7 px-2"
          aria-expanded={open}
          aria-controls={open ? textId : undefined}
          aria-label={`${open ? 'Hide' : 'View'} CDM ${cdm.messageId}`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {open ? 'Hide' : 'View'}
        </Button>
      </div>
      {open && <CdmText id={textId} url={cdm.url} />}
    </li>
  );
}

function CdmText({ id, url }: { id: string; url: string }) {
  const { data, error, isPending } = useCdmText(url);
  if (isPending) {
    return (
      <p id={id} role="status" className="text-xs text-muted-foreground">
        Loading CDM...
      </p>
    );
  }
  if (error) {
    return (
      <p id={id} role="alert" className="text-xs text-red-400">
        {`Error loading CDM: ${errorMessage(error) ?? 'Unknown error'}`}
      </p>
    );
  }
  return (
    <pre id={id} tabIndex={0} className="max-h-96 overflow-auto rounded-md bg-background p-3 font-mono text-[11px] leading-snug">
      {data}
    </pre>
  );
}
