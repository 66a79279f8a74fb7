import { useId } from 'react';
import type { ConjunctionDetail, PcMethod, PcViolation } from '@contracts/conjunction-events.ts';
import { PcMethodBadge } from '@/components/alerts/pc-value';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatFractionPercent } from '@/lib/conjunction-format';

/** Each method in plain words. */
export const PC_METHOD_EXPLANATIONS: Record<PcMethod, string> = {
  pc2d:
    'Foster’s 2D method: the chance that the two objects’ combined hard-body circle meets their combined position uncertainty in the encounter plane at TCA. It assumes a brief, straight-line pass.',
  pc3d:
    'Hall’s 3D-Nc method: it follows the curved relative motion and the changing uncertainty through the whole encounter. It is used when the 2D method’s assumptions do not hold.',
  nc2d: 'Hall’s 2D-Nc method: it follows the curved relative motion and the changing uncertainty around one close approach, integrated in closed form over time. It is used when the 2D method’s assumptions do not hold but the approach is still brief and isolated.',
  'nc2d-upper-limit':
    'The 2D-Nc upper limit (Hall 2023): a bound the probability cannot exceed. It is used where even the bound is too small for the choice of method to matter.',
  sdmc: 'Monte Carlo: both objects’ states are drawn many times from their uncertainties and moved on their two-body orbits; the Pc is the share of draws that come within the hard-body radius. It is used where the 3D-Nc method fails its own usage tests (long, slow or repeated approaches).',
};

/** The method groups of the violations, in the order they are tested. */
export const VIOLATION_GROUPS: readonly { method: PcViolation['method']; title: string }[] = [
  { method: '2D-Pc', title: '2D-Pc usage tests' },
  { method: '2D-Nc', title: '2D-Nc usage tests' },
  { method: '3D-Nc', title: '3D-Nc usage tests' },
];

export const NO_VIOLATIONS_TEXT = 'The 2D method’s usage tests found nothing, so the 2D value stands.';

/** 'value 15.2 % vs limit 10 %' when the finding has both numbers. */
function valueVsLimit(violation: PcViolation): string | null {
  if (violation.value === null || violation.limit === null) return null;
  return `value ${formatFractionPercent(violation.value)} vs limit ${formatFractionPercent(violation.limit)}`;
}

/**
 * How the Pc was chosen (issue 11): the method in words, every usage violation the
 * tests found (grouped by the method it concerns, with its value against its limit),
 * and the note on a method that could not run.
 */
export function PcMethodCard({ event }: { event: ConjunctionDetail }) {
  const titleId = useId();
  const method = event.pcMethod;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId}>Pc Method</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <div className="space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {event.pcMethodLabel}
            <PcMethodBadge method={method} />
          </p>
          {Object.hasOwn(PC_METHOD_EXPLANATIONS, method) && <p className="text-muted-foreground">{PC_METHOD_EXPLANATIONS[method]}</p>}
        </div>
        {event.violations.length === 0 ? (
          <p>{NO_VIOLATIONS_TEXT}</p>
        ) : (
          VIOLATION_GROUPS.map(({ method: group, title }) => {
            const found = event.violations.filter((violation) => violation.method === group);
            if (found.length === 0) return null;
            return (
              <section key={group} aria-label={title} className="space-y-2">
                <h3 className="font-semibold">{title}</h3>
                <ul className="list-disc space-y-2 pl-5">
                  {found.map((violation, index) => {
                    const numbers = valueVsLimit(violation);
                    return (
                      <li key={`${violation.kind}-${index}`}>
                        <p>{violation.message}</p>
                        {numbers && <p className="text-xs text-muted-foreground">{numbers}</p>}
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })
        )}
        {event.pcNote && (
          <p className="rounded-md border border-yellow-500/40 bg-yellow-500/10 p-3 text-yellow-100">
            <span className="font-medium">Note: </span>
            {event.pcNote}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
