import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ConjunctionDetail } from '@contracts/conjunction-events.ts';
import { HIGHLIGHT_COLOURS, MISS_LINE_COLOUR, PLAN_TRACK_COLOUR, POINT_STYLES, type HighlightRole } from '@/components/dashboard/situational-awareness/globe-math';
import type { PickedObject } from '@/components/dashboard/situational-awareness/globe-protocol';
import { ObjectLink, objectPagePath } from '@/components/objects/object-link';
import { Button } from '@/components/ui/button';
import { DetailField } from '@/components/ui/detail-field';
import { formatMetresWithUnit, formatObjectType, formatPc, formatSpeedValue, formatUtcDateTime } from '@/lib/conjunction-format';
import { NO_VALUE } from '@/lib/satellite-format';
import { cn } from '@/lib/utils';
import { formatBurnDv, formatLeadBefore, type PlanView } from './plan-view';

const integer = (n: number) => Math.round(n).toLocaleString('en-US');

function Panel({ label, title, onClose, closeLabel, children, className }: { label: string; title: ReactNode; onClose: () => void; closeLabel: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={label} className={cn('rounded-lg border bg-card/95 p-3 text-sm shadow-lg backdrop-blur', className)}>
      <div className="mb-2 flex items-start justify-between gap-2">
        <h2 className="text-base font-semibold leading-tight">{title}</h2>
        <Button variant="ghost" size="sm" className="-mr-1 -mt-1 h-7 px-2" aria-label={closeLabel} onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      {children}
    </section>
  );
}

/** The object a click or the search picked: what it is, where it is now, and the way to its page. */
export function SelectedObjectPanel({ object, norad, ready, onClose }: { object: PickedObject | null; norad: number; ready: boolean; onClose: () => void }) {
  return (
    <Panel label="Selected object" title={object?.name ?? `NORAD ${norad}`} onClose={onClose} closeLabel="Clear selection">
      {object ? (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
            <DetailField label="NORAD ID">{object.norad}</DetailField>
            <DetailField label="Type">{formatObjectType(object.objectType)}</DetailField>
            <DetailField label="Owner">{object.owner ?? NO_VALUE}</DetailField>
            <DetailField label="Regime">{object.regime}</DetailField>
            <DetailField label="Altitude">{integer(object.altitudeKm)} km</DetailField>
            <DetailField label="Drawn as">{POINT_STYLES[object.pointClass].label}</DetailField>
          </dl>
          <p className="mt-2 flex items-center gap-2 text-xs text-muted-foreground">
            <span className="inline-block h-0.5 w-5 rounded" style={{ backgroundColor: HIGHLIGHT_COLOURS.selected }} aria-hidden="true" />
            Its orbit: one period around the time shown
          </p>
          <Button asChild size="sm" variant="outline" className="mt-3 w-full">
            <Link href={objectPagePath(object.norad)}>Open object page</Link>
          </Button>
        </>
      ) : (
        <p className="text-muted-foreground">{ready ? 'Not in the 3D view: no element set SGP4 can propagate to this time.' : 'Locating…'}</p>
      )}
    </Panel>
  );
}

function PairObject({ role, object, inView }: { role: HighlightRole; object: ConjunctionDetail['primaryObject']; inView: boolean }) {
  return (
    <li className="flex items-center gap-2">
      <span className="inline-block size-3 shrink-0 rounded-full border-2" style={{ borderColor: HIGHLIGHT_COLOURS[role] }} aria-hidden="true" />
      <span className="min-w-0">
        <span className="text-xs text-muted-foreground">{role === 'primary' ? 'Primary' : 'Secondary'} · </span>
        <ObjectLink norad={object.noradId} name={object.name} className="font-medium" />
        <span className="font-mono text-xs text-muted-foreground"> {object.noradId}</span>
        {!inView && <span className="block text-xs text-amber-400">not in the catalogue's 3D view</span>}
      </span>
    </li>
  );
}

export interface ConjunctionPanelProps {
  event: ConjunctionDetail;
  /** Length of the line drawn between the two objects at the time shown, km (null: not drawn). */
  drawnKm: number | null;
  /** Whether each object is in the globe's catalogue. */
  inView: { primary: boolean; secondary: boolean };
  atTca: boolean;
  onTca: () => void;
  onClose: () => void;
  /** The avoidance plan the URL names (?plan=…), null: none. */
  plan?: PlanView | null;
}

const PLAN_STATUS: Record<string, string> = { screened: 'screened', chosen: 'chosen', discarded: 'discarded', screening: 'screening', failed: 'not screened' };

/** 'After a plan': the burn, what the screening found for the event, and whether its track is drawn (or why not). */
function PlanSection({ view, tca }: { view: PlanView; tca: string }) {
  const plan = view.plan;
  const after = plan?.result?.event.after;
  return (
    <section aria-label={`Plan ${view.planId}`} className="mt-3 border-t pt-2" data-testid="plan-section">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <span className="inline-block h-0.5 w-5 rounded" style={{ backgroundColor: PLAN_TRACK_COLOUR, opacity: view.state === 'drawn' ? 1 : 0.4 }} aria-hidden="true" />
        {`After plan ${view.planId}`}
        {plan && <span className="text-xs font-normal text-muted-foreground">{PLAN_STATUS[plan.status] ?? plan.status}</span>}
      </h3>
      {plan && (
        <p className="mt-1 text-xs text-muted-foreground" data-testid="plan-burn">
          {`Burn ${formatBurnDv(plan.burn.dvMps)}, ${formatLeadBefore((Date.parse(tca) - Date.parse(plan.burn.epoch)) / 1000)} before TCA`}
          {after ? `; then the miss is ${(after.missKm * 1000).toLocaleString('en-US', { maximumFractionDigits: 0 })} m, Pc ${formatPc(after.pc)}` : ''}
          {plan.acceptable !== null ? (plan.acceptable ? ' (acceptable)' : ' (not acceptable)') : ''}
        </p>
      )}
      <p role="status" className={cn('mt-1 text-xs', view.state === 'unavailable' ? 'text-amber-400' : 'text-muted-foreground')} data-testid="plan-state">
        {view.state === 'drawn'
          ? "The primary's post-burn track is drawn for one orbit either side of TCA, with its position after the burn."
          : view.state === 'loading'
            ? `Reading plan ${view.planId}…`
            : view.message}
      </p>
    </section>
  );
}

/**
 * Conjunction mode: the event's two objects (ringed and their orbits drawn in these colours), the
 * miss vector at TCA (the line drawn between them; at globe scale far under a pixel, so the view
 * zooms to it) and its numbers in the primary's RTN frame.
 */
export function ConjunctionPanel({ event, drawnKm, inView, atTca, onTca, onClose, plan = null }: ConjunctionPanelProps) {
  return (
    <Panel label={`Conjunction ${event.conjunctionId}`} title={`Conjunction ${event.conjunctionId}`} onClose={onClose} closeLabel="Leave conjunction mode">
      <ul className="mb-2 space-y-1">
        <PairObject role="primary" object={event.primaryObject} inView={inView.primary} />
        <PairObject role="secondary" object={event.secondaryObject} inView={inView.secondary} />
      </ul>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <DetailField label="TCA (UTC)" className="col-span-2" valueClassName="font-mono">
          {formatUtcDateTime(event.tca, { milliseconds: true })}
        </DetailField>
        <DetailField label="Miss distance">{formatMetresWithUnit(event.missDistance)}</DetailField>
        <DetailField label="Relative speed">{event.relativeVelocity === null ? NO_VALUE : `${formatSpeedValue(event.relativeVelocity)} km/s`}</DetailField>
        <DetailField label="Radial">{formatMetresWithUnit(event.radial)}</DetailField>
        <DetailField label="In-track">{formatMetresWithUnit(event.inTrack)}</DetailField>
        <DetailField label="Cross-track">{formatMetresWithUnit(event.crossTrack)}</DetailField>
        <DetailField label="Pc">{formatPc(event.collisionProbability)}</DetailField>
      </dl>
      <p className="mt-2 flex items-center gap-2 text-xs text-muted-foreground" data-testid="miss-line">
        <span className="inline-block h-0.5 w-5 rounded" style={{ backgroundColor: MISS_LINE_COLOUR }} aria-hidden="true" />
        {drawnKm === null
          ? 'Line between the objects: not drawn'
          : `${atTca ? 'Miss vector at TCA' : 'Line between the objects'}: ${(drawnKm * 1000).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} m as drawn`}
      </p>
      {plan && <PlanSection view={plan} tca={event.tca} />}
      {!atTca && (
        <Button size="sm" variant="outline" className="mt-3 w-full" onClick={onTca}>
          Back to TCA
        </Button>
      )}
    </Panel>
  );
}
