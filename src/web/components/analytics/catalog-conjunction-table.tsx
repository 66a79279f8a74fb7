import type { CatalogConjunction } from '@contracts/catalog-screenings.ts';
import { PcValue } from '@/components/alerts/pc-value';
import { ObjectLink } from '@/components/objects/object-link';
import { RiskBadge } from '@/components/sst/risk-badge';
import { formatKm } from '@/lib/catalog-screening';
import { formatObjectType, formatPc, formatPcOneInN, formatSpeedValue, formatUtcDateTime } from '@/lib/conjunction-format';
import { cn } from '@/lib/utils';

type CatalogObject = CatalogConjunction['primary'];

/** One object of the pair, SOCRATES-style: its name, and under it NORAD id, type and owner. */
function ObjectCell({ object }: { object: CatalogObject }) {
  return (
    <div className="min-w-0">
      <div className="truncate font-medium">
        <ObjectLink norad={object.noradId} name={object.name} />
      </div>
      <div className="flex flex-wrap gap-x-2 text-[11px] text-muted-foreground">
        <span className="font-mono tabular-nums">{`NORAD ${object.noradId}`}</span>
        <span>{formatObjectType(object.objectType)}</span>
        <span>{object.owner ?? 'owner unknown'}</span>
      </div>
    </div>
  );
}

const HEAD = 'whitespace-nowrap px-2 py-2 text-left font-medium text-muted-foreground';
const NUMERIC_HEAD = 'whitespace-nowrap px-2 py-2 text-right font-medium text-muted-foreground';
const NUMERIC = 'px-2 py-1.5 text-right font-mono tabular-nums';

/**
 * A page of a run's conjunctions, as CelesTrak's SOCRATES lists them: both objects (name,
 * NORAD id, type, owner), the TCA, the miss distance, the relative speed, Pc with its method,
 * Alfano's maximum Pc and the risk level. The server sorts and filters; this shows the rows.
 */
export function CatalogConjunctionTable({ items }: { items: readonly CatalogConjunction[] }) {
  return (
    <div className="overflow-x-auto border-t">
      <table className="w-full min-w-[68rem] text-xs" aria-label="Catalogue conjunctions">
        <thead className="bg-muted/30">
          <tr>
            <th scope="col" className={cn(HEAD, 'w-[22%]')}>Primary</th>
            <th scope="col" className={cn(HEAD, 'w-[22%]')}>Secondary</th>
            <th scope="col" className={HEAD}>TCA (UTC)</th>
            <th scope="col" className={NUMERIC_HEAD}>Miss (km)</th>
            <th scope="col" className={NUMERIC_HEAD}>Speed (km/s)</th>
            <th scope="col" className={HEAD}>Pc</th>
            <th scope="col" className={NUMERIC_HEAD}>Max Pc</th>
            <th scope="col" className={HEAD}>Risk</th>
            <th scope="col" className={HEAD}>Regime</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.primary.noradId}-${item.secondary.noradId}-${item.tca}`} className="border-t align-top transition-colors hover:bg-accent/30">
              <td className="max-w-0 px-2 py-1.5">
                <ObjectCell object={item.primary} />
              </td>
              <td className="max-w-0 px-2 py-1.5">
                <ObjectCell object={item.secondary} />
              </td>
              <td className="whitespace-nowrap px-2 py-1.5 font-mono tabular-nums">{formatUtcDateTime(item.tca)}</td>
              <td className={NUMERIC}>{formatKm(item.missDistanceKm)}</td>
              <td className={NUMERIC}>{formatSpeedValue(item.relativeSpeedKmS)}</td>
              <td className="whitespace-nowrap px-2 py-1.5">
                <PcValue pc={item.collisionProbability} method={item.pcMethod} />
              </td>
              <td className={NUMERIC} title={formatPcOneInN(item.maxCollisionProbability)}>
                {formatPc(item.maxCollisionProbability)}
              </td>
              <td className="px-2 py-1.5">
                <RiskBadge level={item.riskLevel} />
              </td>
              <td className="px-2 py-1.5">{item.regime}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
