import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashApiToken, newApiToken, TOKEN_PATTERN } from './api-tokens.ts';

describe('scrypt password hashes', () => {
  it('verify the password they were made from and refuse any other', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('are RFC 7914 scrypt: a hash built by hand with the same salt and parameters verifies', async () => {
    // RFC 7914 §12 test vector 2: scrypt("password", "NaCl", N=1024, r=8, p=16, 64 bytes) starts fdbabe1c9d34.
    expect(scryptSync('password', 'NaCl', 64, { N: 1024, r: 8, p: 16 }).toString('hex').slice(0, 12)).toBe('fdbabe1c9d34');
    const salt = Buffer.from('NaCl');
    const key = scryptSync('password', salt, 32, { N: 1024, r: 8, p: 16 });
    const stored = `scrypt$1024$8$16$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('password', stored)).toBe(true);
  });

  it('refuse unreadable or absurd stored forms instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$a$b$c$d$e', 'scrypt$1073741824$8$1$AA==$AA==']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});

describe('API tokens', () => {
  it('are 256-bit, prefixed, and stored as their SHA-256', () => {
    const { token, prefix, hash } = newApiToken();
    expect(token).toMatch(TOKEN_PATTERN);
    expect(prefix).toBe(token.slice(0, 12));
    expect(hash).toBe(hashApiToken(token));
    // FIPS 180-2 example: SHA-256("abc").
    expect(hashApiToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(newApiToken().token).not.toBe(token);
  });
});
