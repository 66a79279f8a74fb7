import { Rocket } from 'lucide-react';
import { useId, useState } from 'react';
import type { Maneuver, ManeuverDirection, ManeuverType } from '@contracts/operations.ts';
import { CardError, CardSpinner, formatPercent } from '@/components/dashboard/cards/threat-overview';
import { ObjectLink } from '@/components/objects/object-link';
import { useNow } from '@/components/sst/use-now';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import type { CsvColumn } from '@/lib/csv';
import { formatShortUtc, titleCase } from '@/lib/dashboard-format';
import { cn } from '@/lib/utils';
import { useRecentManeuvers } from '@/queries/maneuvers';

export const RECENT_MANEUVERS_TITLE = 'Recent Maneuver Detections';
export const NO_MANEUVERS_TEXT = 'No recent maneuvers detected';
/** Spec §9: the card shows 5 items of the last 30 days. */
export const MANEUVERS_SHOWN = 5;
export const MANEUVER_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

const TYPE_LABELS: Record<ManeuverType, string> = {
  orbit_raising: 'Orbit Raising',
  orbit_lowering: 'Orbit Lowering',
  plane_change: 'Plane Change',
  attitude_adjustment: 'Attitude Adjustment',
  other: 'Other',
};

const DIRECTION_LABELS: Record<ManeuverDirection, string> = { prograde: 'Prograde', retrograde: 'Retrograde', other: 'Other' };

/** 'orbit_raising' → 'Orbit Raising'; an unknown value is title-cased ('station_keeping' → 'Station Keeping'). */
export function maneuverTypeLabel(type: string): string {
  return TYPE_LABELS[type as ManeuverType] ?? titleCase(type);
}

export function directionLabel(direction: string): string {
  return DIRECTION_LABELS[direction as ManeuverDirection] ?? titleCase(direction);
}

/** Spec §2: delta-v with 1 decimal, '2.4 m/s'. */
export function formatDeltaV(metresPerSecond: number): string {
  return `${metresPerSecond.toFixed(1)} m/s`;
}

/** Spec §2: the manoeuvres detected in the last 30 days before `now`, newest first. */
export function maneuversInWindow(maneuvers: readonly Maneuver[], now: number): Maneuver[] {
  const since = now - MANEUVER_WINDOW_DAYS * DAY_MS;
  return maneuvers
    .map((maneuver) => ({ maneuver, time: Date.parse(maneuver.detectionTime) }))
    .filter(({ time }) => Number.isFinite(time) && time >= since)
    .sort((a, b) => b.time - a.time)
    .map(({ maneuver }) => maneuver);
}

/** The manoeuvres' CSV (issue 14): every one of the 30 days (not only the 5 shown), each field in full. */
export const MANEUVERS_CSV_COLUMNS: readonly CsvColumn<Maneuver>[] = [
  { header: 'Satellite', value: (m) => m.satelliteName },
  { header: 'NORAD ID', value: (m) => m.satelliteId },
  { header: 'Type', value: (m) => m.maneuverType },
  { header: 'Direction', value: (m) => m.direction },
  { header: 'Delta-v (m/s)', value: (m) => m.deltaV },
  { header: 'Manoeuvre time (UTC)', value: (m) => m.maneuverTime },
  { header: 'Detected (UTC)', value: (m) => m.detectionTime },
  { header: 'Confidence (0-1)', value: (m) => m.confidence },
];

function ManeuverItem({ maneuver }: { maneuver: Maneuver }) {
  const fields: Array<[string, string]> = [
    ['Direction', directionLabel(maneuver.direction)],
    ['ΔV', formatDeltaV(maneuver.deltaV)],
    ['Detected (UTC)', formatShortUtc(maneuver.detectionTime)],
    ['Confidence', formatPercent(maneuver.confidence)],
  ];
  return (
    <li className="space-y-2 rounded-md border bg-background/40 p-3" aria-label={maneuver.satelliteName}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">
            <ObjectLink norad={maneuver.satelliteId} name={maneuver.satelliteName} />
          </p>
          <p className="font-mono text-xs text-muted-foreground">{`NORAD ${maneuver.satelliteId}`}</p>
        </div>
        <Badge variant="yellow" className="shrink-0">
          {maneuverTypeLabel(maneuver.maneuverType)}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-xs">
        {fields.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="truncate font-mono font-medium" title={label === 'Detected (UTC)' ? maneuver.detectionTime : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * Spec §2 Recent Maneuver Detections: the manoeuvres of the last 30 days from
 * GET /api/maneuvers/recent (every 5 s), at most 5, with a 'View n more
 * detections' link that shows the rest in the card, scrolling; names link to
 * the objects' pages, and Export CSV writes them all.
 */
export function RecentManeuversCard() {
  const titleId = useId();
  const { data, error, isPending } = useRecentManeuvers();
  const now = useNow();
  const [expanded, setExpanded] = useState(false);
  const recent = data ? maneuversInWindow(data, now) : [];
  const shown = expanded ? recent : recent.slice(0, MANEUVERS_SHOWN);
  const more = recent.length - MANEUVERS_SHOWN;

  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Rocket className="size-5 text-yellow-400" aria-hidden="true" />
          {RECENT_MANEUVERS_TITLE}
        </CardTitle>
        <ExportCsvButton rows={recent} columns={MANEUVERS_CSV_COLUMNS} name="maneuvers" className="h-7 px-2.5 text-xs" />
      </CardHeader>
      <CardContent className="flex-1 space-y-3">
        {error && <CardError what="maneuvers" error={error} />}
        {isPending && !error && <CardSpinner label="Loading maneuvers" />}
        {data &&
          (recent.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground">{NO_MANEUVERS_TEXT}</p>
          ) : (
            <>
              <ul aria-label="Recent maneuvers" className={cn('space-y-2', expanded && 'max-h-[36rem] overflow-y-auto pr-1')}>
                {shown.map((maneuver) => (
                  <ManeuverItem key={maneuver.id} maneuver={maneuver} />
                ))}
              </ul>
              {more > 0 && (
                <button
                  type="button"
                  aria-expanded={expanded}
                  className="text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => setExpanded((value) => !value)}
                >
                  {expanded ? 'Show fewer detections' : `View ${more} more detections`}
                </button>
              )}
            </>
          ))}
      </CardContent>
    </Card>
  );
}
