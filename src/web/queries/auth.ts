import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@contracts/auth.ts';
import { setCsrfToken } from '@/lib/csrf';
import { apiRequest, SESSION_KEY, throwIfResNotOk } from '@/lib/query-client';

export { SESSION_KEY };

async function readSession(): Promise<SessionResponse> {
  const res = await fetch(SESSION_KEY[0], { credentials: 'include' });
  await throwIfResNotOk(res);
  const session = (await res.json()) as SessionResponse;
  setCsrfToken(session.csrfToken);
  return session;
}

/**
 * GET /api/auth/session: whether the server has accounts, who is signed in, and the CSRF token
 * the writes carry (kept in lib/csrf). Read again after a 401 anywhere (query-client.ts).
 */
export function useSession() {
  return useQuery<SessionResponse>({ queryKey: SESSION_KEY, queryFn: readSession });
}

/** POST /api/auth/login; on success every query is read again as the signed-in user. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: { username: string; password: string }) => (await (await apiRequest('POST', '/api/auth/login', credentials)).json()) as SessionResponse,
    onSuccess: (session) => {
      setCsrfToken(session.csrfToken);
      client.setQueryData(SESSION_KEY, session);
      // Data read before sign-in (401s) is read again.
      void client.resetQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    },
  });
}

/** POST /api/auth/logout; then the cached data is dropped, so nothing of the session stays on screen. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSettled: () => {
      setCsrfToken(null);
      // Signed out at once on screen (the login page), the session's data dropped, then the
      // server asked who we are now.
      const before = client.getQueryData<SessionResponse>(SESSION_KEY);
      client.setQueryData<SessionResponse>(SESSION_KEY, { authRequired: before?.authRequired ?? true, user: null, csrfToken: null });
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
      void client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}
