import { useImperativeHandle, useLayoutEffect, useRef, type ReactNode, type Ref } from 'react';
import type { ConjunctionDetail } from '@contracts/conjunction-events.ts';
import { HIGHLIGHT_COLOURS, PLAN_TRACK_COLOUR } from '@/components/dashboard/situational-awareness/globe-math';
import type { PairScreen } from '@/components/dashboard/situational-awareness/globe-protocol';
import type { PlanView } from './plan-view';

/*
 * Conjunction mode's labels: the name and NORAD id of each of the pair beside its point on the
 * globe (and 'after plan N' beside the post-burn primary), as HTML over the canvas, so they read at
 * any zoom. The scene reports where the points are drawn whenever that changes (GlobeScene
 * onPairScreen); the labels are moved there directly (a transform), not through React state, so a
 * turning camera costs no render.
 */

type Role = 'primary' | 'secondary' | 'plan';
export type LabelSide = 'above' | 'below' | 'left' | 'right';

/** Gap between a point's centre and its label, CSS px (clear of the 18 px ring). */
export const LABEL_GAP_PX = 12;

/**
 * Which side of its point each label goes: the pair's two apart vertically (the upper object's label
 * above it, the lower's below; the primary's above when they are level or on one pixel, as at globe
 * scale), the plan's beside its mark, away from the primary.
 */
export function labelSides(at: PairScreen): Record<Role, LabelSide> {
  const { primary, secondary, plan } = at;
  const secondaryUpper = primary !== null && secondary !== null && secondary.y < primary.y - 0.5;
  return {
    primary: secondaryUpper ? 'below' : 'above',
    secondary: secondaryUpper || primary === null ? 'above' : 'below',
    plan: primary !== null && plan !== null && plan.x < primary.x ? 'left' : 'right',
  };
}

/** The CSS transform putting a label on `side` of the point (x, y). */
export function labelTransform(x: number, y: number, side: LabelSide): string {
  const at = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
  switch (side) {
    case 'above':
      return `${at} translate(-50%, calc(-100% - ${LABEL_GAP_PX}px))`;
    case 'below':
      return `${at} translate(-50%, ${LABEL_GAP_PX}px)`;
    case 'left':
      return `${at} translate(calc(-100% - ${LABEL_GAP_PX}px), -50%)`;
    case 'right':
      return `${at} translate(${LABEL_GAP_PX}px, -50%)`;
  }
}

export interface PairLabelsHandle {
  /** Where the scene draws the pair now (null: nowhere; every label hidden). */
  place: (at: PairScreen | null) => void;
}

const LABEL_CLASS = 'absolute left-0 top-0 flex items-center gap-1.5 whitespace-nowrap rounded-md border-2 bg-slate-950/85 px-1.5 py-0.5 text-xs font-medium text-white shadow-lg';

function Label({ role, colour, testId, children, ref }: { role: Role; colour: string; testId: string; children: ReactNode; ref: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} data-role={role} data-testid={testId} className={LABEL_CLASS} style={{ borderColor: colour, visibility: 'hidden' }}>
      <span className="inline-block size-2.5 shrink-0 rounded-full" style={{ backgroundColor: colour }} aria-hidden="true" />
      {children}
    </div>
  );
}

/** The labels layer: put it over the canvas (same box), and hand the scene's positions to `place` through `ref`. */
export function PairLabels({ event, plan, ref }: { event: ConjunctionDetail; plan: PlanView | null; ref?: Ref<PairLabelsHandle> }) {
  const elements = useRef<Record<Role, HTMLDivElement | null>>({ primary: null, secondary: null, plan: null });
  const last = useRef<PairScreen | null>(null);

  const apply = (at: PairScreen | null) => {
    const sides = at ? labelSides(at) : null;
    for (const role of ['primary', 'secondary', 'plan'] as const) {
      const el = elements.current[role];
      if (!el) continue;
      const p = at?.[role] ?? null;
      if (!p || !sides) {
        el.style.visibility = 'hidden';
        continue;
      }
      el.style.transform = labelTransform(p.x, p.y, sides[role]);
      el.style.visibility = 'visible';
      el.dataset.side = sides[role];
    }
  };
  useImperativeHandle(ref, () => ({
    place: (at) => {
      last.current = at;
      apply(at);
    },
  }));
  // A label that (re)appears takes the last positions at once; the scene reports only changes.
  useLayoutEffect(() => apply(last.current));

  const object = (o: ConjunctionDetail['primaryObject']) => (
    <span>
      <span className="font-semibold">{o.name}</span> <span className="font-mono text-[11px] text-slate-300">NORAD {o.noradId}</span>
    </span>
  );
  return (
    <div className="pointer-events-none absolute inset-0 overflow-hidden" data-testid="pair-labels">
      <Label role="primary" colour={HIGHLIGHT_COLOURS.primary} testId="pair-label-primary" ref={(el) => void (elements.current.primary = el)}>
        {object(event.primaryObject)}
      </Label>
      <Label role="secondary" colour={HIGHLIGHT_COLOURS.secondary} testId="pair-label-secondary" ref={(el) => void (elements.current.secondary = el)}>
        {object(event.secondaryObject)}
      </Label>
      {plan?.state === 'drawn' && (
        <Label role="plan" colour={PLAN_TRACK_COLOUR} testId="pair-label-plan" ref={(el) => void (elements.current.plan = el)}>
          <span className="font-semibold">{`${event.primaryObject.name} after plan ${plan.planId}`}</span>
        </Label>
      )}
    </div>
  );
}
