import { describe, expect, it } from 'vitest';
import { errorMessage } from '@/lib/error-message';

describe('errorMessage', () => {
  it("reads the server's message out of '{status}: {json body}'", () => {
    expect(errorMessage(new Error('400: {"message":"Invalid request: body.threshold: must be a number"}'))).toBe('Invalid request: body.threshold: must be a number');
  });

  it('keeps the whole text when the body is not a JSON message', () => {
    expect(errorMessage(new Error('503: Service Unavailable'))).toBe('503: Service Unavailable');
    expect(errorMessage(new Error('500: {"error":"x"}'))).toBe('500: {"error":"x"}');
    expect(errorMessage(new Error('500: {oops}'))).toBe('500: {oops}');
    expect(errorMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
  });

  it('has none for a non-Error or an empty message', () => {
    expect(errorMessage('boom')).toBeUndefined();
    expect(errorMessage(new Error(''))).toBeUndefined();
    expect(errorMessage(undefined)).toBeUndefined();
  });
});
