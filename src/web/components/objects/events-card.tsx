import { useId } from 'react';
import { Link } from 'wouter';
import type { ConjunctionListItem, EventObject, Proximity } from '@contracts/conjunction-events.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { RiskBadge } from '@/components/sst/risk-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { formatMetresWithUnit, formatPc, formatUtcDateTime } from '@/lib/conjunction-format';
import { columnsCsv, type CsvColumn } from '@/lib/csv';
import { useConjunctionList } from '@/queries/conjunction-events';
import { useProximities } from '@/queries/proximities';

/** Events of one object the card lists, newest TCA first. */
export const OBJECT_EVENTS_LIMIT = 50;

const PROXIMITY_KINDS: Record<Proximity['kind'], string> = { attached: 'Attached', formation: 'Formation', proximity_operation: 'Proximity operation' };

/** The other object of a pair, linked to its page. */
function Other({ self, a, b }: { self: number; a: EventObject; b: EventObject }) {
  const other = a.noradId === self ? b : a;
  return <ObjectLink norad={other.noradId} name={other.name} className="text-primary">{`${other.name} (${other.noradId})`}</ObjectLink>;
}

/** A row of the card's CSV: a conjunction event or a proximity, with the other object. */
interface EventCsvRow {
  kind: string;
  event: string;
  status: string;
  other: EventObject;
  start: string;
  end: string | null;
  distance: number;
  pc: number | null;
  risk: string | null;
}

const OBJECT_EVENTS_COLUMNS: readonly CsvColumn<EventCsvRow>[] = [
  { header: 'Kind', value: (r) => r.kind },
  { header: 'Event', value: (r) => r.event },
  { header: 'Status', value: (r) => r.status },
  { header: 'With', value: (r) => r.other.name },
  { header: 'With NORAD ID', value: (r) => r.other.noradId },
  { header: 'TCA or start (UTC)', value: (r) => r.start },
  { header: 'End (UTC)', value: (r) => r.end },
  { header: 'Miss or closest (m)', value: (r) => r.distance },
  { header: 'Pc', value: (r) => r.pc },
  { header: 'Risk', value: (r) => r.risk },
];

export const OBJECT_EVENTS_CSV_COLUMNS: readonly string[] = OBJECT_EVENTS_COLUMNS.map((column) => column.header);

/** The card's conjunction events and proximities as CSV rows, in the order shown. */
function objectEventRows(norad: number, conjunctions: readonly ConjunctionListItem[], proximities: readonly Proximity[]): EventCsvRow[] {
  const other = (a: EventObject, b: EventObject) => (a.noradId === norad ? b : a);
  return [
    ...conjunctions.map((c) => ({
      kind: 'conjunction',
      event: c.conjunctionId,
      status: c.status,
      other: other(c.primaryObject, c.secondaryObject),
      start: c.tca,
      end: null,
      distance: c.missDistance,
      pc: c.collisionProbability,
      risk: c.riskLevel,
    })),
    ...proximities.map((p) => ({
      kind: PROXIMITY_KINDS[p.kind].toLowerCase(),
      event: String(p.id),
      status: p.status,
      other: other(p.primaryObject, p.secondaryObject),
      start: p.start,
      end: p.end,
      distance: p.minDistance,
      pc: null,
      risk: null,
    })),
  ];
}

/** The card's conjunction events and proximities as CSV, one row each, in the order shown. */
export function objectEventsCsv(norad: number, conjunctions: readonly ConjunctionListItem[], proximities: readonly Proximity[]): string {
  return columnsCsv(objectEventRows(norad, conjunctions, proximities), OBJECT_EVENTS_COLUMNS);
}

const th = 'py-1 pr-3 font-normal';
const td = 'py-1 pr-3';

/**
 * One object's events (issue 14): its conjunction events, open and past (GET /api/conjunctions
 * with the object's NORAD number), each linked to its detail, and the proximities it is part of.
 */
export function ObjectEventsCard({ norad }: { norad: number }) {
  const titleId = useId();
  const list = useConjunctionList(`status=all&q=${norad}&sort=-tca&limit=${OBJECT_EVENTS_LIMIT}`);
  const proximities = useProximities();
  // The list's q also matches names and designators that contain the digits: keep this object's.
  const conjunctions = (list.data?.items ?? []).filter((c: ConjunctionListItem) => c.primaryObject.noradId === norad || c.secondaryObject.noradId === norad);
  const close = (proximities.data ?? []).filter((p) => p.primaryObject.noradId === norad || p.secondaryObject.noradId === norad);
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0 pb-2">
        <div className="space-y-1.5">
          <CardTitle id={titleId}>Events</CardTitle>
          <CardDescription>{list.data ? `${conjunctions.length} conjunction events · ${close.length} proximities` : 'Loading events...'}</CardDescription>
        </div>
        {conjunctions.length + close.length > 0 && (
          <ExportCsvButton rows={objectEventRows(norad, conjunctions, close)} columns={OBJECT_EVENTS_COLUMNS} name={`object-${norad}-events`} />
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {list.error && <p className="text-sm text-destructive">Conjunction events could not be loaded.</p>}
        {list.data && conjunctions.length === 0 && <p className="text-sm text-muted-foreground">No conjunction event with this object.</p>}
        {conjunctions.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Conjunction events</caption>
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className={th}>Event</th>
                  <th className={th}>TCA (UTC)</th>
                  <th className={th}>With</th>
                  <th className={th}>Miss</th>
                  <th className={th}>Pc</th>
                  <th className={th}>Risk</th>
                  <th className={th}>Status</th>
                </tr>
              </thead>
              <tbody>
                {conjunctions.map((c) => (
                  <tr key={c.conjunctionId} className="border-t">
                    <td className={td}>
                      <Link href={`/alerts/${encodeURIComponent(c.conjunctionId)}`} className="font-mono text-primary hover:underline">
                        {c.conjunctionId}
                      </Link>
                    </td>
                    <td className={`${td} font-mono`}>{formatUtcDateTime(c.tca)}</td>
                    <td className={td}>
                      <Other self={norad} a={c.primaryObject} b={c.secondaryObject} />
                    </td>
                    <td className={td}>{formatMetresWithUnit(c.missDistance)}</td>
                    <td className={td}>{formatPc(c.collisionProbability)}</td>
                    <td className={td}>
                      <RiskBadge level={c.riskLevel} />
                    </td>
                    <td className={td}>{c.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {close.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="mb-1 text-left text-xs text-muted-foreground">Proximities (pairs that stay close: not conjunctions)</caption>
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className={th}>Kind</th>
                  <th className={th}>With</th>
                  <th className={th}>From (UTC)</th>
                  <th className={th}>To (UTC)</th>
                  <th className={th}>Closest</th>
                  <th className={th}>Status</th>
                </tr>
              </thead>
              <tbody>
                {close.map((p) => (
                  <tr key={p.id} className="border-t">
                    <td className={td}>{PROXIMITY_KINDS[p.kind]}</td>
                    <td className={td}>
                      <Other self={norad} a={p.primaryObject} b={p.secondaryObject} />
                    </td>
                    <td className={`${td} font-mono`}>{formatUtcDateTime(p.start)}</td>
                    <td className={`${td} font-mono`}>{formatUtcDateTime(p.end)}</td>
                    <td className={td}>{formatMetresWithUnit(p.minDistance)}</td>
                    <td className={td}>{p.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
