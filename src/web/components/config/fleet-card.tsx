import { CircleAlert, LoaderCircle, Plus, RotateCcw, Satellite, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { FleetMember, SettingsResponse } from '@contracts/settings.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { CsvColumn } from '@/lib/csv';
import { errorMessage } from '@/lib/error-message';
import { parseFleetEntry } from '@/lib/settings-form';
import { useChangeSettings } from '@/queries/settings';

export const FLEET_TITLE = 'Fleet';

const MEMBER_COLUMNS: readonly CsvColumn<FleetMember>[] = [
  { header: 'NORAD ID', value: (m) => m.noradId },
  { header: 'Name', value: (m) => m.name },
  { header: 'Owner', value: (m) => m.owner },
  { header: 'Object type', value: (m) => m.objectType },
  { header: 'Member by', value: (m) => m.via },
];

const VIA_LABEL: Record<FleetMember['via'], string> = { owner: 'owner code', norad: 'NORAD id', both: 'owner code and NORAD id' };

/** One removable entry of the fleet setting. */
function Entry({ label, onRemove, disabled }: { label: string; onRemove: () => void; disabled: boolean }) {
  return (
    <li className="flex items-center gap-1 rounded-full border bg-background/60 py-0.5 pl-3 pr-1 font-mono text-xs">
      {label}
      <Button type="button" variant="ghost" className="size-6 rounded-full p-0" aria-label={`Remove ${label}`} disabled={disabled} onClick={onRemove}>
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}

/**
 * The fleet (issue 14, /config): its owner codes and NORAD ids, each removable; an entry is added by
 * typing either. The change is kept by the server (PATCH /api/settings) and the next screening
 * uses it; the members it takes in are listed by name, linking to their pages.
 */
export function FleetCard({ settings }: { settings: SettingsResponse }) {
  const titleId = useId();
  const inputId = useId();
  const [entry, setEntry] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeSettings();
  const { owners, noradIds } = settings.effective.fleet;
  const stored = settings.stored.includes('fleetOwners') || settings.stored.includes('fleetNoradIds');

  const add = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseFleetEntry(entry);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    const done = { onSuccess: () => setEntry('') };
    if (parsed.noradId !== undefined) {
      if (noradIds.includes(parsed.noradId)) setProblem(`NORAD ${parsed.noradId} is in the fleet already`);
      else change.mutate({ fleetNoradIds: [...noradIds, parsed.noradId] }, done);
    } else if (owners.includes(parsed.owner)) {
      setProblem(`Owner ${parsed.owner} is in the fleet already`);
    } else {
      change.mutate({ fleetOwners: [...owners, parsed.owner] }, done);
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Satellite className="size-5 text-blue-400" aria-hidden="true" />
          {FLEET_TITLE}
          <Badge variant="secondary">{`${settings.fleetMembers.length} object${settings.fleetMembers.length === 1 ? '' : 's'}`}</Badge>
        </CardTitle>
        <div className="flex gap-2">
          {stored && (
            <Button type="button" variant="ghost" size="sm" disabled={change.isPending} onClick={() => change.mutate({ fleetOwners: null, fleetNoradIds: null })}>
              <RotateCcw aria-hidden="true" />
              Environment's fleet
            </Button>
          )}
          <ExportCsvButton rows={settings.fleetMembers} columns={MEMBER_COLUMNS} name="fleet" />
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">
          The satellites screened against the catalogue: every object of the owner codes, and the NORAD ids listed.{' '}
          {stored ? `Changed here by ${settings.updatedBy ?? 'someone'}; the environment gives ` : 'From the environment: '}
          <span className="font-mono">{`owners ${settings.defaults.fleet.owners.join(', ') || 'none'}; ids ${settings.defaults.fleet.noradIds.join(', ') || 'none'}`}</span>.
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="space-y-2">
            <p className="text-sm font-medium">Owner codes</p>
            <ul aria-label="Fleet owner codes" className="flex flex-wrap gap-2">
              {owners.length === 0 && <li className="text-sm text-muted-foreground">None</li>}
              {owners.map((owner) => (
                <Entry key={owner} label={owner} disabled={change.isPending} onRemove={() => change.mutate({ fleetOwners: owners.filter((o) => o !== owner) })} />
              ))}
            </ul>
          </div>
          <div className="space-y-2">
            <p className="text-sm font-medium">NORAD ids</p>
            <ul aria-label="Fleet NORAD ids" className="flex flex-wrap gap-2">
              {noradIds.length === 0 && <li className="text-sm text-muted-foreground">None</li>}
              {noradIds.map((id) => (
                <Entry key={id} label={String(id)} disabled={change.isPending} onRemove={() => change.mutate({ fleetNoradIds: noradIds.filter((n) => n !== id) })} />
              ))}
            </ul>
          </div>
        </div>
        <form onSubmit={add} className="flex flex-wrap items-end gap-2" aria-label="Add to the fleet">
          <div className="space-y-1">
            <Label htmlFor={inputId}>NORAD id or owner code</Label>
            <Input id={inputId} value={entry} onChange={(event) => setEntry(event.target.value)} placeholder="e.g. 25544 or ISRA" className="h-9 w-56" />
          </div>
          <Button type="submit" size="sm" disabled={entry.trim() === '' || change.isPending}>
            {change.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
            Add
          </Button>
        </form>
        {(problem ?? change.error) && (
          <Alert variant="destructive" className="p-3">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{problem ?? errorMessage(change.error) ?? 'Unknown error'}</AlertDescription>
          </Alert>
        )}
        {settings.missingNoradIds.length > 0 && (
          <p className="text-sm text-yellow-300">{`Not in the catalogue (yet): NORAD ${settings.missingNoradIds.join(', ')}`}</p>
        )}
        <div className="max-h-80 overflow-y-auto rounded-md border">
          <table className="w-full text-sm" aria-label="Fleet members">
            <thead className="sticky top-0 bg-card text-left text-xs text-muted-foreground">
              <tr>
                <th className="px-3 py-2 font-medium">NORAD</th>
                <th className="px-3 py-2 font-medium">Name</th>
                <th className="px-3 py-2 font-medium">Owner</th>
                <th className="px-3 py-2 font-medium">Type</th>
                <th className="px-3 py-2 font-medium">Member by</th>
              </tr>
            </thead>
            <tbody>
              {settings.fleetMembers.length === 0 && (
                <tr>
                  <td colSpan={5} className="px-3 py-4 text-center text-muted-foreground">
                    No catalogue object is in the fleet
                  </td>
                </tr>
              )}
              {settings.fleetMembers.map((member) => (
                <tr key={member.noradId} className="border-t">
                  <td className="px-3 py-1.5 font-mono">{member.noradId}</td>
                  <td className="px-3 py-1.5">
                    <ObjectLink norad={member.noradId} name={member.name} />
                  </td>
                  <td className="px-3 py-1.5 font-mono">{member.owner ?? '—'}</td>
                  <td className="px-3 py-1.5">{member.objectType ?? '—'}</td>
                  <td className="px-3 py-1.5 text-muted-foreground">{VIA_LABEL[member.via]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
