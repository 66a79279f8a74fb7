/**
 * The session's CSRF token (issue 12), from GET /api/auth/session or the login answer. Every
 * write the web app sends carries it as `x-csrf-token`; the server refuses a cookie-authenticated
 * write without it. Without accounts (AUTH=off) there is none and nothing is sent.
 */
let token: string | null = null;

export function setCsrfToken(value: string | null): void {
  token = value;
}

/** The header to add to a request of `method`: the token on writes, nothing on reads. */
export function csrfHeaders(method: string): Record<string, string> {
  return token && !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase()) ? { 'x-csrf-token': token } : {};
}
