import { describe, expect, it } from 'vitest';
import { parseSecretKey, SecretBox } from './secret-box.ts';

const HEX = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

describe('SecretBox (AES-256-GCM, v1:)', () => {
  it('seals to v1:base64(iv|tag|ciphertext) with a fresh IV each time, and opens again', () => {
    const box = new SecretBox(HEX);
    const a = box.seal('whsec-0123456789abcdef');
    const b = box.seal('whsec-0123456789abcdef');
    expect(a).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(a).not.toBe(b);
    // 12-byte IV + 16-byte tag + 22 bytes of text.
    expect(Buffer.from(a.slice(3), 'base64')).toHaveLength(12 + 16 + 22);
    expect(box.open(a)).toBe('whsec-0123456789abcdef');
    expect(box.open(b)).toBe('whsec-0123456789abcdef');
  });

  it('refuses another key, an altered value and an unknown format', () => {
    const sealed = new SecretBox(HEX).seal('smtp://u:p@host');
    expect(() => new SecretBox('ff'.repeat(32)).open(sealed)).toThrow('the stored secret does not open with NOTIFY_SECRET_KEY (another key, or altered)');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => new SecretBox(HEX).open(`v1:${raw.toString('base64')}`)).toThrow(/does not open/);
    expect(() => new SecretBox(HEX).open('v2:abc')).toThrow('unknown secret format (expected v1:)');
    expect(() => new SecretBox(HEX).open('v1:AAAA')).toThrow('the stored secret is truncated');
  });

  it('reads the key as 64 hex digits or base64 of 32 bytes', () => {
    expect(parseSecretKey(HEX)).toEqual(Buffer.from(HEX, 'hex'));
    const b64 = Buffer.from(HEX, 'hex').toString('base64');
    expect(parseSecretKey(b64)).toEqual(Buffer.from(HEX, 'hex'));
    expect(() => parseSecretKey('c2hvcnQ=')).toThrow('NOTIFY_SECRET_KEY must be 32 bytes (64 hex digits or base64)');
  });
});
