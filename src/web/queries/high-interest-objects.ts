import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateHighInterestObject, HighInterestObject, UpdateHighInterestObject } from '@contracts/operations.ts';
import { apiRequest } from '@/lib/query-client';
import { DASHBOARD_STATS_KEY } from '@/queries/dashboard-stats';

export const HIGH_INTEREST_OBJECTS_PATH = '/api/high-interest-objects';
export const HIGH_INTEREST_OBJECTS_KEY = [HIGH_INTEREST_OBJECTS_PATH] as const;

/** Spec §7/§9: the high-interest list is re-read every 5 s. */
export const HIGH_INTEREST_POLL_MS = 5_000;

/** GET /api/high-interest-objects: the watch list with each object's derived tracking status. */
export function useHighInterestObjects() {
  return useQuery<HighInterestObject[]>({ queryKey: HIGH_INTEREST_OBJECTS_KEY, refetchInterval: HIGH_INTEREST_POLL_MS });
}

/**
 * After a change the list and the stats (its 'N HIOs' badge) are read again at
 * once rather than at the next poll. Errors are the data layer's
 * '{status}: {body}' (spec §8); errorMessage() gives the server's {message}.
 */
function useInvalidateAfterChange() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: HIGH_INTEREST_OBJECTS_KEY }),
      client.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY }),
    ]);
}

/** POST /api/high-interest-objects → 201 with the created object. */
export function useCreateHighInterestObject() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: async (body: CreateHighInterestObject) =>
      (await (await apiRequest('POST', HIGH_INTEREST_OBJECTS_PATH, body)).json()) as HighInterestObject,
    onSuccess: invalidate,
  });
}

/** PATCH /api/high-interest-objects/:id with the changed fields. */
export function useUpdateHighInterestObject() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: UpdateHighInterestObject }) =>
      (await (await apiRequest('PATCH', `${HIGH_INTEREST_OBJECTS_PATH}/${id}`, changes)).json()) as HighInterestObject,
    onSuccess: invalidate,
  });
}

/** DELETE /api/high-interest-objects/:id → 204. */
export function useDeleteHighInterestObject() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `${HIGH_INTEREST_OBJECTS_PATH}/${id}`);
    },
    onSuccess: invalidate,
  });
}
