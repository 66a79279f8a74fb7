import { afterEach, describe, expect, it } from 'vitest';
import { csrfHeaders, setCsrfToken } from './csrf';

afterEach(() => setCsrfToken(null));

describe('csrfHeaders', () => {
  it('adds the token to writes only, and nothing without a token', () => {
    expect(csrfHeaders('POST')).toEqual({});
    setCsrfToken('abc');
    expect(csrfHeaders('POST')).toEqual({ 'x-csrf-token': 'abc' });
    expect(csrfHeaders('delete')).toEqual({ 'x-csrf-token': 'abc' });
    expect(csrfHeaders('GET')).toEqual({});
    expect(csrfHeaders('HEAD')).toEqual({});
  });
});
