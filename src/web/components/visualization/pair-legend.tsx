import type { ConjunctionDetail } from '@contracts/conjunction-events.ts';
import { DIMMED_BRIGHTNESS, HIGHLIGHT_COLOURS, hexToRgb, MISS_LINE_COLOUR, PLAN_TRACK_COLOUR, POINT_STYLES } from '@/components/dashboard/situational-awareness/globe-math';
import { cn } from '@/lib/utils';
import { planLegendText, type PlanView } from './plan-view';

/** A point colour as conjunction mode dims it (globe-math.ts emphasisePair), for the legend's swatch. */
function dimmed(hex: string): string {
  const [r, g, b] = hexToRgb(hex).map((c) => Math.round(c * DIMMED_BRIGHTNESS));
  return `rgb(${r}, ${g}, ${b})`;
}

function Dot({ colour, size = 10, ring = false }: { colour: string; size?: number; ring?: boolean }) {
  return (
    <span
      className="inline-block shrink-0 rounded-full"
      // The ring the globe draws around each of the pair: a dark gap, then the colour.
      style={{ backgroundColor: colour, width: size, height: size, ...(ring && { boxShadow: `0 0 0 2px #020617, 0 0 0 3.5px ${colour}` }), ...(ring && { margin: '0 3px' }) }}
      aria-hidden="true"
    />
  );
}

function Stroke({ colour }: { colour: string }) {
  return <span className="inline-block h-0.5 w-5 shrink-0 rounded" style={{ backgroundColor: colour }} aria-hidden="true" />;
}

/**
 * Conjunction mode's legend (in place of the catalogue's colours, which it dims): which colour is the
 * primary and which the secondary (point, ring, label and orbit), the line between them, an avoidance
 * plan's post-burn track, and the dimmed rest.
 */
export function PairLegend({ event, plan, atTca, className }: { event: ConjunctionDetail; plan: PlanView | null; atTca: boolean; className?: string }) {
  return (
    <section aria-label="Conjunction legend" className={cn('rounded-md border bg-background/85 px-2.5 py-1.5 text-xs shadow-lg backdrop-blur', className)}>
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <li className="flex items-center gap-2 font-medium text-foreground" data-testid="legend-primary">
          <Dot colour={HIGHLIGHT_COLOURS.primary} ring />
          {`Primary: ${event.primaryObject.name} (${event.primaryObject.noradId})`}
        </li>
        <li className="flex items-center gap-2 font-medium text-foreground" data-testid="legend-secondary">
          <Dot colour={HIGHLIGHT_COLOURS.secondary} ring />
          {`Secondary: ${event.secondaryObject.name} (${event.secondaryObject.noradId})`}
        </li>
        <li className="flex items-center gap-2 text-muted-foreground">
          <Stroke colour={MISS_LINE_COLOUR} />
          {atTca ? 'Miss vector at TCA' : 'Line between them'}
        </li>
        {plan && (
          <li className="flex items-center gap-2 text-muted-foreground" data-testid="legend-plan">
            <Stroke colour={plan.state === 'drawn' ? PLAN_TRACK_COLOUR : dimmed(PLAN_TRACK_COLOUR)} />
            {plan.state === 'drawn'
              ? `${planLegendText(plan.plan)}: the primary's track, ±1 orbit around TCA`
              : plan.state === 'loading'
                ? `Plan ${plan.planId}: reading…`
                : `Plan ${plan.planId}: not drawn`}
          </li>
        )}
        <li className="flex items-center gap-2 text-muted-foreground">
          <Dot colour={dimmed(POINT_STYLES.payload.colour)} size={6} />
          Other objects, dimmed
        </li>
      </ul>
    </section>
  );
}
