import { LoaderCircle, ShieldAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RiskItem } from '@contracts/operations.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { RiskBadge } from '@/components/sst/risk-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import type { CsvColumn } from '@/lib/csv';
import { formatDayFromNow, formatRiskPercent, formatShortUtc, titleCase } from '@/lib/dashboard-format';
import { errorMessage } from '@/lib/error-message';
import { formatDistanceKm, formatRelativeVelocity } from '@/lib/sst-format';
import { useAdversaryRisk } from '@/queries/conjunctions';

/** Spec §2: the card's empty text. */
export const ADVERSARY_RISK_EMPTY = 'No potential conjunctions detected';

/** Where the items come from (DECISIONS.md §1): real screened approaches, scored with the spec's constants. */
export const ADVERSARY_RISK_SOURCE = 'Source: conjunction screening of the fleet against adversary-owned objects';

/**
 * Spec §2 Adversary Conjunction Risk: the fleet's close approaches by
 * adversary satellites, computed by the server (polled every 30 s).
 */
export function AdversaryRiskCard() {
  return (
    <RiskItemsCard
      title="Adversary Conjunction Risk"
      csvName="adversary-conjunction-risk"
      icon={<ShieldAlert className="size-5 text-red-500" aria-hidden="true" />}
      source={ADVERSARY_RISK_SOURCE}
      empty={ADVERSARY_RISK_EMPTY}
      query={useAdversaryRisk()}
    />
  );
}

/** Both risk lists' CSV (issue 14): every field an item shows, in full. */
export const RISK_ITEMS_CSV_COLUMNS: readonly CsvColumn<RiskItem>[] = [
  { header: 'Fleet satellite', value: (item) => item.israeliSatellite },
  { header: 'Fleet NORAD ID', value: (item) => item.israeliNoradId },
  { header: 'Object', value: (item) => item.objectName },
  { header: 'Object NORAD ID', value: (item) => item.noradId },
  { header: 'Type', value: (item) => item.type },
  { header: 'Threat level', value: (item) => item.threatLevel },
  { header: 'TCA (UTC)', value: (item) => item.time },
  { header: 'Miss distance (km)', value: (item) => item.minimumDistance },
  { header: 'Risk (%)', value: (item) => item.risk },
  { header: 'Relative velocity (km/s)', value: (item) => item.relativeVelocity },
  { header: 'Days to TCA', value: (item) => item.dayFromNow },
];

interface RiskItemsCardProps {
  title: string;
  /** The CSV file name's prefix. */
  csvName: string;
  icon: ReactNode;
  source: string;
  empty: string;
  query: UseQueryResult<RiskItem[]>;
}

/**
 * The frame both risk cards share: title, source note, Export CSV, a spinner
 * only while loading (spec §2), the error, the empty text, and the list
 * scrolling at max-h-72 (spec §9).
 */
export function RiskItemsCard({ title, csvName, icon, source, empty, query }: RiskItemsCardProps) {
  const titleId = useId();
  const { data, isPending, error } = query;
  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          {icon}
          {title}
        </CardTitle>
        <div className="flex items-start justify-between gap-2">
          <CardDescription className="text-xs">{source}</CardDescription>
          <ExportCsvButton rows={data ?? []} columns={RISK_ITEMS_CSV_COLUMNS} name={csvName} className="h-7 px-2.5 text-xs" />
        </div>
      </CardHeader>
      <CardContent className="flex min-h-0 flex-1 flex-col">
        {isPending ? (
          <div role="status" aria-label={`Loading ${title}`} className="flex flex-1 items-center justify-center py-8">
            <LoaderCircle className="size-8 animate-spin text-muted-foreground" aria-hidden="true" />
          </div>
        ) : error && !data ? (
          <p role="alert" className="text-sm text-red-400">
            {`Error: ${errorMessage(error) ?? 'Unknown error'}`}
          </p>
        ) : !data || data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul aria-label={title} className="max-h-72 space-y-2 overflow-y-auto pr-1">
            {data.map((item) => (
              <li key={item.id}>
                <RiskItemEntry item={item} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function RiskItemEntry({ item }: { item: RiskItem }) {
  return (
    <article aria-label={`${item.israeliSatellite} × ${item.objectName}`} className="rounded-md border p-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">
            {item.israeliNoradId !== null ? <ObjectLink norad={item.israeliNoradId} name={item.israeliSatellite} /> : item.israeliSatellite}
            {' × '}
            <ObjectLink norad={item.noradId} name={item.objectName} />
          </p>
          <p className="text-xs text-muted-foreground">{`${titleCase(item.type)} · NORAD ${item.noradId}`}</p>
        </div>
        <RiskBadge level={item.threatLevel} />
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-1 text-xs">
        <RiskField label="TCA (UTC)" value={formatShortUtc(item.time)} />
        <RiskField label="Distance" value={formatDistanceKm(item.minimumDistance)} />
        <RiskField label="Risk" value={formatRiskPercent(item.risk)} />
        <RiskField label="Rel. Velocity" value={formatRelativeVelocity(item.relativeVelocity)} />
        <RiskField label="When" value={formatDayFromNow(item.dayFromNow)} />
      </dl>
    </article>
  );
}

function RiskField({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium">{value}</dd>
    </div>
  );
}
