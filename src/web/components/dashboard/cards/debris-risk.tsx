import { Trash2 } from 'lucide-react';
import { RiskItemsCard } from '@/components/dashboard/cards/adversary-risk';
import { useDebrisRisk } from '@/queries/conjunctions';

/** Spec §2: the card's empty text. */
export const DEBRIS_RISK_EMPTY = 'No debris conjunctions detected';

/** Where the items come from (DECISIONS.md §1): real screened approaches, scored with the spec's constants. */
export const DEBRIS_RISK_SOURCE = 'Source: conjunction screening of the fleet against catalogued debris';

/**
 * Spec §2 Space Debris Collision Assessment: the fleet's close approaches by
 * rocket bodies, fragments, defunct satellites and mission debris, computed
 * by the server (polled every 30 s).
 */
export function DebrisRiskCard() {
  return (
    <RiskItemsCard
      title="Space Debris Collision Assessment"
      csvName="debris-collision-assessment"
      icon={<Trash2 className="size-5 text-orange-500" aria-hidden="true" />}
      source={DEBRIS_RISK_SOURCE}
      empty={DEBRIS_RISK_EMPTY}
      query={useDebrisRisk()}
    />
  );
}
