import { Badge } from '@/components/ui/badge';
import { formatPc, formatPcOneInN, pcMethodBadge } from '@/lib/conjunction-format';

/** The method a Pc came from as a small badge: '2D', '2D-Nc ≤' or '3D'. */
export function PcMethodBadge({ method }: { method: string }) {
  return (
    <Badge variant="outline" className="px-1.5 py-0 text-[10px] font-medium text-muted-foreground">
      {pcMethodBadge(method)}
    </Badge>
  );
}

/** A probability in scientific notation with its method badge ('2.12e-2 2D' as text); the tooltip gives it as 1:N. */
export function PcValue({ pc, method }: { pc: number | null; method: string }) {
  return (
    <span className="inline-flex items-center gap-1.5" title={pc === null ? 'No Pc' : formatPcOneInN(pc)}>
      <span className="tabular-nums">{formatPc(pc)}</span>{' '}
      <PcMethodBadge method={method} />
    </span>
  );
}
