import { formatLead } from '@/lib/conjunction-format';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { AvoidancePlan } from '@contracts/avoidance.ts';
import type { PlanTrack } from '@/components/dashboard/situational-awareness/globe-protocol';
import { errorMessage } from '@/lib/error-message';
import { throwIfResNotOk } from '@/lib/query-client';
import { useAvoidancePlans } from '@/queries/avoidance';

/*
 * Conjunction mode 'after a plan' (/visualization?conjunction=ID&plan=PLAN_ID): the event's plans
 * (GET /api/conjunctions/{id}/plans, re-read every 2 s while one is screening, queries/avoidance.ts),
 * then the chosen plan's OEM from its `oemUrl`, read into the track the globe draws (plan-track.ts,
 * loaded on demand). Anything that keeps the track from being drawn is said in words: the view goes on
 * without it.
 */

/** What the view knows of the plan the URL names. */
export type PlanView =
  | { planId: number; state: 'loading'; plan: AvoidancePlan | null }
  | { planId: number; state: 'drawn'; plan: AvoidancePlan; track: PlanTrack }
  | { planId: number; state: 'unavailable'; plan: AvoidancePlan | null; message: string };

/** Statuses of a plan whose screening ended (a chosen or discarded plan was screened first). */
const SCREENED: readonly AvoidancePlan['status'][] = ['screened', 'chosen', 'discarded'];

/** A burn size in m/s to 3 significant digits ('0.05 m/s', '0.0349 m/s'), as the alert page writes it. */
export const formatBurnDv = (mps: number) => `${Number(mps.toPrecision(3))} m/s`;

/** How long before TCA a burn is: '45 s', '12 min', '2 h 30 min' (lib/conjunction-format.ts). */
export { formatLead as formatLeadBefore };

/** The legend's words for a plan: 'After plan 2 (burn 0.05 m/s)'. */
export const planLegendText = (plan: Pick<AvoidancePlan, 'id' | 'burn'>) => `After plan ${plan.id} (burn ${formatBurnDv(plan.burn.dvMps)})`;

/** The plan's OEM read into the globe's track around the TCA. */
async function fetchPlanTrack(plan: AvoidancePlan, tcaMs: number): Promise<PlanTrack> {
  const res = await fetch(plan.oemUrl, { method: 'GET', credentials: 'include' });
  await throwIfResNotOk(res);
  const text = await res.text();
  const { planTrackFromOem } = await import('./plan-track');
  return planTrackFromOem(text, plan.id, tcaMs);
}

function usePlanView(conjunctionId: string, planId: number, tcaMs: number): PlanView {
  const plans = useAvoidancePlans(conjunctionId);
  const plan = plans.data?.find((p) => p.id === planId) ?? null;
  const screened = plan !== null && SCREENED.includes(plan.status);
  const track = useQuery<PlanTrack>({
    queryKey: ['/api/conjunctions', conjunctionId, 'plans', planId, 'track', tcaMs],
    queryFn: () => fetchPlanTrack(plan!, tcaMs),
    enabled: screened,
  });
  const plansError = plans.error;
  const trackError = track.error;
  const trackData = track.data;
  const loaded = plans.data !== undefined;
  return useMemo((): PlanView => {
    if (plansError) return { planId, state: 'unavailable', plan: null, message: `Plan ${planId}: the plans of ${conjunctionId} could not be read (${errorMessage(plansError) ?? 'unknown error'}).` };
    if (!loaded) return { planId, state: 'loading', plan: null };
    if (!plan) return { planId, state: 'unavailable', plan: null, message: `${conjunctionId} has no plan ${planId}.` };
    if (plan.status === 'screening') return { planId, state: 'unavailable', plan, message: `Plan ${planId} is still being screened: its track is drawn once the screening ends.` };
    if (plan.status === 'failed') return { planId, state: 'unavailable', plan, message: `Plan ${planId} was not screened${plan.error ? ` (${plan.error})` : ''}: its track is not drawn.` };
    if (trackError) return { planId, state: 'unavailable', plan, message: `Plan ${planId}: its post-burn ephemeris could not be read (${errorMessage(trackError) ?? 'unknown error'}).` };
    if (!trackData) return { planId, state: 'loading', plan };
    return { planId, state: 'drawn', plan, track: trackData };
  }, [conjunctionId, planId, plansError, loaded, plan, trackError, trackData]);
}

/** Reads the plan the URL names and hands what it finds up (renders nothing itself), as the page's ConjunctionLoader. */
export function PlanLoader({ conjunctionId, planId, tcaMs, onChange }: { conjunctionId: string; planId: number; tcaMs: number; onChange: (view: PlanView) => void }) {
  const view = usePlanView(conjunctionId, planId, tcaMs);
  useEffect(() => onChange(view), [view, onChange]);
  return null;
}
