import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AvoidanceAnalysis, AvoidancePlan, AvoidanceRequest, PlanRequest } from '@contracts/avoidance.ts';
import { apiRequest, throwIfResNotOk } from '@/lib/query-client';

/*
 * The collision-avoidance trade space of one conjunction event (issue 28, src/contracts/avoidance.ts):
 * the latest analysis, GET /api/conjunctions/{id}/avoidance, re-read every second while it runs, and
 * the operator's start, POST to the same path (202 with the analysis as it starts; one still running
 * is returned as it is). The same shape as the Monte Carlo check (queries/monte-carlo.ts): cookies go
 * with every request, the write carries the CSRF token (apiRequest) and a non-OK answer throws
 * '{status}: {body}' (spec §8). An analysis never changes the event, so nothing else is re-read.
 */

/** A running analysis is re-read this often, until it has ended. */
export const AVOIDANCE_POLL_MS = 1_000;

export function avoidanceUrl(conjunctionId: string): string {
  return `/api/conjunctions/${encodeURIComponent(conjunctionId)}/avoidance`;
}

/** Under the conjunction events' key ('/api/conjunctions'), so the invalidation after CDM imports reads it again too. */
export function avoidanceKey(conjunctionId: string) {
  return ['/api/conjunctions', conjunctionId, 'avoidance'] as const;
}

/** GET of the latest analysis; null when none was run (the server's 200 null, or a 404/204 as for the Monte Carlo check). */
async function fetchAvoidance(conjunctionId: string): Promise<AvoidanceAnalysis | null> {
  const res = await fetch(avoidanceUrl(conjunctionId), { method: 'GET', credentials: 'include' });
  if (res.status === 404 || res.status === 204) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as AvoidanceAnalysis | null;
}

/** The latest trade space of the event: `data` null while none was run, the analysis otherwise, re-read every second while its status is 'running'. */
export function useAvoidanceAnalysis(conjunctionId: string) {
  return useQuery<AvoidanceAnalysis | null>({
    queryKey: avoidanceKey(conjunctionId),
    queryFn: () => fetchAvoidance(conjunctionId),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? AVOIDANCE_POLL_MS : false),
  });
}

/**
 * POST /api/conjunctions/{id}/avoidance with the request (the server's defaults for what is left
 * out) → 202 AvoidanceAnalysis: the cache takes it at once, and the query above then polls it while
 * it runs. A viewer gets '403: …' (operators plan manoeuvres); an event without states and 6×6
 * covariances at TCA '422: …'.
 */
export function useStartAvoidance(conjunctionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: AvoidanceRequest = {}) => (await (await apiRequest('POST', avoidanceUrl(conjunctionId), request)).json()) as AvoidanceAnalysis,
    onSuccess: (analysis) => {
      client.setQueryData<AvoidanceAnalysis | null>(avoidanceKey(conjunctionId), analysis);
    },
  });
}

/*
 * Avoidance plans of the event (issue 28, item 7): a burn of the primary screened against the whole
 * catalogue on the server and stored with the event. GET /api/conjunctions/{id}/plans lists them
 * oldest first, re-read every 2 s while any is screening (a 7-day screening takes from a few seconds
 * to a minute); POST to the same path makes one (202, status 'screening'); POST
 * …/plans/{planId}/decision chooses or discards a screened one. Writes carry the CSRF token.
 *
 * The event's log (ConjunctionDetail.log, the 'Event history' card) tells each plan's request,
 * screening and decision: the event's detail is read again when a plan is made, when the list sees a
 * plan leave 'screening', and after a decision (only the detail: the plans and the trade space are
 * not read again for it).
 */

/** The decision of a screened plan (the contract's PlanDecision). */
export type PlanDecision = 'chosen' | 'discarded';

/** The plans are re-read this often while any of them is screening. */
export const PLANS_POLL_MS = 2_000;

export function plansUrl(conjunctionId: string): string {
  return `/api/conjunctions/${encodeURIComponent(conjunctionId)}/plans`;
}

export function plansKey(conjunctionId: string) {
  return ['/api/conjunctions', conjunctionId, 'plans'] as const;
}

/** The key of the event's detail (queries/conjunction-events.ts useConjunctionDetail). */
function detailKey(conjunctionId: string) {
  return ['/api/conjunctions', conjunctionId] as const;
}

/** Reads the event's detail again, and nothing else under its key (its log has a new entry). */
function invalidateDetail(client: QueryClient, conjunctionId: string): Promise<void> {
  return client.invalidateQueries({ queryKey: detailKey(conjunctionId), exact: true });
}

/** Whether a plan that was screening in `before` is no longer in `after` (screened or failed meanwhile). */
export function planLeftScreening(before: readonly AvoidancePlan[] | undefined, after: readonly AvoidancePlan[]): boolean {
  if (!before) return false;
  const screening = new Set(before.filter((p) => p.status === 'screening').map((p) => p.id));
  return after.some((p) => screening.has(p.id) && p.status !== 'screening');
}

async function fetchPlans(conjunctionId: string): Promise<AvoidancePlan[]> {
  const res = await fetch(plansUrl(conjunctionId), { method: 'GET', credentials: 'include' });
  await throwIfResNotOk(res);
  return (await res.json()) as AvoidancePlan[];
}

/**
 * The event's plans, oldest first (as the server lists them), re-read every 2 s while one is
 * screening; a read that finds a plan no longer screening re-reads the event's detail (its log).
 */
export function useAvoidancePlans(conjunctionId: string) {
  const client = useQueryClient();
  return useQuery<AvoidancePlan[]>({
    queryKey: plansKey(conjunctionId),
    queryFn: async () => {
      const before = client.getQueryData<AvoidancePlan[]>(plansKey(conjunctionId));
      const plans = await fetchPlans(conjunctionId);
      if (planLeftScreening(before, plans)) void invalidateDetail(client, conjunctionId);
      return plans;
    },
    refetchInterval: (q) => (q.state.data?.some((plan) => plan.status === 'screening') ? PLANS_POLL_MS : false),
  });
}

/** Puts `plan` into the cached list: replaces the plan of its id, or appends it (the list stays oldest first). */
function upsertPlan(plans: AvoidancePlan[] | undefined, plan: AvoidancePlan): AvoidancePlan[] {
  const list = plans ?? [];
  return list.some((p) => p.id === plan.id) ? list.map((p) => (p.id === plan.id ? plan : p)) : [...list, plan];
}

/**
 * POST /api/conjunctions/{id}/plans with the burn → 202 AvoidancePlan (status 'screening'): the list
 * takes it at once and then polls it; the event's detail is read again. A viewer gets '403: …'; a primary with no element set in the
 * catalogue (an event imported from a CDM of objects the catalogue lacks) '422: …'.
 */
export function useStartPlan(conjunctionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: PlanRequest) => (await (await apiRequest('POST', plansUrl(conjunctionId), request)).json()) as AvoidancePlan,
    onSuccess: (plan) => {
      client.setQueryData<AvoidancePlan[]>(plansKey(conjunctionId), (plans) => upsertPlan(plans, plan));
      void invalidateDetail(client, conjunctionId);
    },
  });
}

/**
 * POST /api/conjunctions/{id}/plans/{planId}/decision {decision} → the plan as decided, put into the
 * list, and the event's detail read again. '409: …' when it is not allowed (not screened, or another plan is already chosen): the list
 * is read again, as it changed meanwhile.
 */
export function useDecidePlan(conjunctionId: string, planId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (decision: PlanDecision) =>
      (await (await apiRequest('POST', `${plansUrl(conjunctionId)}/${planId}/decision`, { decision })).json()) as AvoidancePlan,
    onSuccess: (plan) => {
      client.setQueryData<AvoidancePlan[]>(plansKey(conjunctionId), (plans) => upsertPlan(plans, plan));
      void invalidateDetail(client, conjunctionId);
    },
    onError: (error) => {
      if (error.message.startsWith('409:')) void client.invalidateQueries({ queryKey: plansKey(conjunctionId), exact: true });
    },
  });
}
