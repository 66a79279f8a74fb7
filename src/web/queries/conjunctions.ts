import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { type Conjunction, type ConjunctionAnalysis, DEFAULT_ANALYSIS_ID, type RiskItem } from '@contracts/operations.ts';
import { apiRequest } from '@/lib/query-client';

/* The SDA Dashboard's conjunction reads (spec §7/§9, DECISIONS.md §1 and §5). */

export const ACTIVE_CONJUNCTIONS_KEY = ['/api/conjunctions/active'] as const;
export const ADVERSARY_RISK_KEY = ['/api/conjunctions/adversary-risk'] as const;
export const DEBRIS_RISK_KEY = ['/api/conjunctions/debris-risk'] as const;
export const CONJUNCTION_ANALYSIS_URL = '/api/conjunction/analyze';

/** Spec §7/§9: the active conjunctions are re-read every 5 s. */
export const CONJUNCTIONS_POLL_MS = 5_000;

/**
 * The adversary and debris risk lists. The spec generated them on the client
 * once; ours come from the server's screening (DECISIONS.md §1), which changes
 * after each screening run, so a 30 s poll (the fleet's own interval) follows
 * it without loading the server.
 */
export const RISK_ITEMS_POLL_MS = 30_000;

/** Spec §2/§7: the Conjunction Analysis card analyses this id unless the operator picks another conjunction. */
export { DEFAULT_ANALYSIS_ID };

/** GET /api/conjunctions/active: the open conjunctions of the fleet. */
export function useActiveConjunctions() {
  return useQuery<Conjunction[]>({ queryKey: ACTIVE_CONJUNCTIONS_KEY, refetchInterval: CONJUNCTIONS_POLL_MS });
}

/** GET /api/conjunctions/adversary-risk: fleet approaches by adversary-owned objects, scored with spec §9's constants. */
export function useAdversaryRisk() {
  return useQuery<RiskItem[]>({ queryKey: ADVERSARY_RISK_KEY, refetchInterval: RISK_ITEMS_POLL_MS });
}

/** GET /api/conjunctions/debris-risk: fleet approaches by debris, scored with spec §9's constants. */
export function useDebrisRisk() {
  return useQuery<RiskItem[]>({ queryKey: DEBRIS_RISK_KEY, refetchInterval: RISK_ITEMS_POLL_MS });
}

/** POST /api/conjunction/analyze with JSON {conjunctionId}, cookies included (spec §7). */
export async function postConjunctionAnalysis(conjunctionId: string): Promise<ConjunctionAnalysis | null> {
  const res = await apiRequest('POST', CONJUNCTION_ANALYSIS_URL, { conjunctionId });
  return (await res.json()) as ConjunctionAnalysis | null;
}

export function conjunctionAnalysisKey(conjunctionId: string) {
  return [CONJUNCTION_ANALYSIS_URL, conjunctionId] as const;
}

/**
 * The analysis of one conjunction, read as a query (POST, cached per id) so
 * the card asks once on mount and again when another conjunction is picked.
 * The spec gives it no refresh; it is not polled.
 */
export function useConjunctionAnalysis(conjunctionId: string) {
  const query = useQuery<ConjunctionAnalysis | null>({
    queryKey: conjunctionAnalysisKey(conjunctionId),
    queryFn: () => postConjunctionAnalysis(conjunctionId),
  });
  // A fresh server has no stored conjunction (null) until its first screening run ends: ask
  // again once the active list has entries, rather than polling an endpoint the spec reads once.
  const { data: active } = useActiveConjunctions();
  const hasActive = (active?.length ?? 0) > 0;
  const { isError, data, refetch } = query;
  const empty = isError || data === null;
  useEffect(() => {
    if (hasActive && empty) void refetch();
  }, [hasActive, empty, refetch]);
  return query;
}

/**
 * Client-only state: the conjunction the Conjunction Analysis card shows,
 * picked by clicking an entry of Critical Conjunctions (default
 * DEFAULT_ANALYSIS_ID). Kept in the query cache so both cards share it
 * without a provider and each test's fresh client starts from the default.
 */
export const SELECTED_CONJUNCTION_KEY = ['dashboard', 'selected-conjunction'] as const;

export function useSelectedConjunction(): [string, (conjunctionId: string) => void] {
  const client = useQueryClient();
  const { data } = useQuery<string>({
    queryKey: SELECTED_CONJUNCTION_KEY,
    queryFn: () => DEFAULT_ANALYSIS_ID,
    initialData: DEFAULT_ANALYSIS_ID,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const select = useCallback((conjunctionId: string) => client.setQueryData(SELECTED_CONJUNCTION_KEY, conjunctionId), [client]);
  return [data, select];
}
