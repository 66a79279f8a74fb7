import { useQuery } from '@tanstack/react-query';
import type { User } from '@contracts/auth.ts';
import { apiRequest } from '@/lib/query-client';

/*
 * The accounts (issue 12, GET /api/users, admin role only). The alert detail's assignee field offers
 * their usernames; others type one (the server checks it: an unknown user is a 400).
 */

export const USERS_KEY = ['/api/users'] as const;

/** GET /api/users when `enabled` (the session is an admin's); read once per visit. */
export function useUsers(enabled: boolean) {
  return useQuery<User[]>({
    queryKey: USERS_KEY,
    queryFn: async () => ((await (await apiRequest('GET', USERS_KEY[0])).json()) as { users: User[] }).users,
    enabled,
    staleTime: 60_000,
  });
}
