import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Notification secrets at rest (issue 29): the webhook signing secrets and the SMTP URL (it holds
 * the password) are stored encrypted with AES-256-GCM under NOTIFY_SECRET_KEY, so a copy of the
 * database (a backup, a dump sent with a bug report) does not give them away.
 *
 * Stored form: `v1:` + base64(iv ‖ tag ‖ ciphertext): a 12-byte random IV (NIST SP 800-38D §8.2.2:
 * 96-bit IVs, random generation), the 16-byte GCM tag, then the ciphertext. The version prefix lets
 * a later key or algorithm be told apart from this one. GCM authenticates: a stored value altered or
 * read with another key fails to open instead of giving garbage.
 */

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** The message for a secret to store while NOTIFY_SECRET_KEY is unset (API 400, CLI exit 2). */
export const NO_KEY_MESSAGE = 'NOTIFY_SECRET_KEY is not set: secrets are stored encrypted with it. Set NOTIFY_SECRET_KEY to 32 bytes (e.g. `openssl rand -hex 32`) in the server’s environment (and the CLI’s), then try again';

/** The 32-byte key of NOTIFY_SECRET_KEY: 64 hex digits, or base64 (config.ts validated it). */
export function parseSecretKey(value: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new SecretBoxError('NOTIFY_SECRET_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}

export class SecretBox {
  private readonly key: Buffer;

  constructor(key: string | Buffer) {
    this.key = typeof key === 'string' ? parseSecretKey(key) : key;
    if (this.key.length !== 32) throw new SecretBoxError('the key must be 32 bytes');
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  open(sealed: string): string {
    if (!sealed.startsWith(VERSION)) throw new SecretBoxError('unknown secret format (expected v1:)');
    const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('the stored secret is truncated');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('the stored secret does not open with NOTIFY_SECRET_KEY (another key, or altered)');
    }
  }
}
