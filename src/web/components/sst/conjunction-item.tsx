import { Download } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { SstConjunction } from '@contracts/conjunctions.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { RiskBadge } from '@/components/sst/risk-badge';
import { formatDistanceKm, formatProbabilityPercent, formatRelativeVelocity, formatTimeToTca, pairLabel } from '@/lib/sst-format';
import { cn } from '@/lib/utils';

/** The CDM of a conjunction in XML: the same URL with ?format=xml (the contract's cdm_url). */
export function cdmXmlUrl(cdmUrl: string): string {
  return `${cdmUrl}${cdmUrl.includes('?') ? '&' : '?'}format=xml`;
}

/**
 * One conjunction of the detailed results (spec §2): risk badge, 'primary ↔
 * secondary', time to closest approach, distance, velocity and probability in
 * the §9 formats, and its CCSDS CDM to download (KVN or XML).
 */
export function ConjunctionItem({ conjunction, now, className, ...props }: { conjunction: SstConjunction; now: number } & Omit<ComponentProps<'li'>, 'children'>) {
  const pair = pairLabel(conjunction);
  const fields: [string, string][] = [
    ['Time to TCA', formatTimeToTca(conjunction.tca, now)],
    ['Distance', formatDistanceKm(conjunction.miss_distance_km)],
    ['Velocity', formatRelativeVelocity(conjunction.relative_velocity_km_s)],
    ['Probability', formatProbabilityPercent(conjunction.collision_probability)],
  ];
  return (
    <li className={cn('space-y-2 rounded-md border p-3', className)} aria-label={pair} {...props}>
      <div className="flex flex-wrap items-center gap-2">
        <RiskBadge level={conjunction.risk_level} />
        {/* 'primary ↔ secondary', each name opening its object's page. */}
        <span className="font-medium">
          <ObjectLink norad={conjunction.primary_id} name={conjunction.primary_object} />
          {' ↔ '}
          <ObjectLink norad={conjunction.secondary_id} name={conjunction.secondary_object} />
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-mono">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Download className="size-3" aria-hidden="true" />
        CDM:
        <a className="text-primary hover:underline" href={conjunction.cdm_url} download aria-label={`CDM (KVN) for ${pair}`}>
          KVN
        </a>
        <a className="text-primary hover:underline" href={cdmXmlUrl(conjunction.cdm_url)} download aria-label={`CDM (XML) for ${pair}`}>
          XML
        </a>
      </p>
    </li>
  );
}
