import { describe, expect, it } from 'vitest';
import { isActivePath } from '@/lib/active-path';

describe('isActivePath', () => {
  it('treats / and /dashboard as the dashboard', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/dashboard')).toBe(true);
    expect(isActivePath('/', '/calc')).toBe(false);
  });

  it('matches other entries exactly, ignoring a trailing slash', () => {
    expect(isActivePath('/calc', '/calc')).toBe(true);
    expect(isActivePath('/calc', '/calc/')).toBe(true);
    expect(isActivePath('/calc', '/calculator')).toBe(false);
    expect(isActivePath('/sst', '/')).toBe(false);
  });
});
