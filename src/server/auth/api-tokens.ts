import { createHash, randomBytes } from 'node:crypto';

/**
 * API tokens: `dft_` and 32 random bytes in base64url (256 bits). Only their SHA-256 is stored: with
 * that much entropy a slow hash adds nothing (GitHub and GitLab store tokens the same way), and
 * a lookup by hash stays an index probe. The first 12 characters name a token in lists.
 */
export const TOKEN_PATTERN = /^dft_[A-Za-z0-9_-]{43}$/;

export function newApiToken(): { token: string; prefix: string; hash: string } {
  const token = `dft_${randomBytes(32).toString('base64url')}`;
  return { token, prefix: token.slice(0, 12), hash: hashApiToken(token) };
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
