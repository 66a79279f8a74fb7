import { useQuery } from '@tanstack/react-query';
import type { OperationsEvent } from '@contracts/operations.ts';

export const EVENTS_KEY = ['/api/events'] as const;

/** Spec §7/§9: the live feed re-reads the events every 2 s. */
export const EVENTS_POLL_MS = 2_000;

/** GET /api/events: operations events (DECISIONS.md §7), newest first. */
export function useEvents() {
  return useQuery<OperationsEvent[]>({ queryKey: EVENTS_KEY, refetchInterval: EVENTS_POLL_MS });
}
