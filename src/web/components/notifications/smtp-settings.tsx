import { CircleAlert, LoaderCircle, Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { SmtpSettings } from '@contracts/notifications.ts';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { useStoreSmtpSettings } from '@/queries/notifications';

export const SMTP_FORM_LABEL = 'Store an SMTP server';

const SOURCE_TEXT: Record<SmtpSettings['source'], string> = {
  environment: 'From the environment (SMTP_URL, SMTP_FROM)',
  database: 'Stored here (the password encrypted)',
  none: 'Not configured: e-mail rules cannot send',
};

/** The SMTP server e-mail goes through: what is in force (password masked) and a form to store another. */
export function SmtpSettingsPanel({ settings }: { settings: SmtpSettings }) {
  const id = useId();
  const store = useStoreSmtpSettings();
  const [url, setUrl] = useState('');
  const [from, setFrom] = useState(settings.from ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    store.mutate({ url: url.trim(), from: from.trim() }, { onSuccess: () => setUrl('') });
  };
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" aria-label="SMTP server in force">
        <dt className="text-muted-foreground">Server</dt>
        <dd className="break-all font-mono text-xs">{settings.url ?? '—'}</dd>
        <dt className="text-muted-foreground">From</dt>
        <dd>{settings.from ?? '—'}</dd>
        <dt className="text-muted-foreground">Source</dt>
        <dd>{SOURCE_TEXT[settings.source]}</dd>
        <dt className="text-muted-foreground">Password</dt>
        <dd>{settings.hasPassword ? 'Stored (never shown)' : 'None'}</dd>
      </dl>
      <form onSubmit={submit} aria-label={SMTP_FORM_LABEL} className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <div className="space-y-1">
          <Label htmlFor={`${id}-url`}>SMTP URL</Label>
          <Input id={`${id}-url`} className="h-9" type="password" autoComplete="off" placeholder="smtp://user:password@mail.example.org:587" value={url} onChange={(e) => setUrl(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-from`}>From address</Label>
          <Input id={`${id}-from`} className="h-9" value={from} onChange={(e) => setFrom(e.target.value)} placeholder="Data Forge <ssa@example.org>" />
        </div>
        <Button type="submit" size="sm" disabled={store.isPending} className="gap-1.5">
          {store.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Save className="size-4" aria-hidden="true" />}
          Store
        </Button>
      </form>
      {store.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{errorMessage(store.error) ?? 'Unknown error'}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
