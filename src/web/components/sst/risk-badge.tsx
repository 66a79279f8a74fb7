import { Badge } from '@/components/ui/badge';
import { riskStyle } from '@/lib/risk-levels';

/** Spec §2: the risk level upper-cased, coloured red, orange, yellow or green (§9). */
export function RiskBadge({ level }: { level: string }) {
  return <Badge className={riskStyle(level).badge}>{level.toUpperCase()}</Badge>;
}
