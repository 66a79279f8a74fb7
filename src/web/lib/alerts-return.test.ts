import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastAlertsPath, rememberAlertsPath } from '@/lib/alerts-return';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the way back to Conjunction Alerts', () => {
  it('is the default view until a view was shown', () => {
    expect(lastAlertsPath()).toBe('/alerts');
  });

  it('is the last view shown', () => {
    rememberAlertsPath('/alerts?status=closed');
    rememberAlertsPath('/alerts?status=closed&sort=-pc');
    expect(lastAlertsPath()).toBe('/alerts?status=closed&sort=-pc');
    rememberAlertsPath('/alerts');
    expect(lastAlertsPath()).toBe('/alerts');
  });

  it('ignores anything stored that is not an alerts view', () => {
    sessionStorage.setItem('dataforge:alerts-path', 'https://example.com/alerts');
    expect(lastAlertsPath()).toBe('/alerts');
    sessionStorage.setItem('dataforge:alerts-path', '/alertsx');
    expect(lastAlertsPath()).toBe('/alerts');
  });

  it('falls back to the default view when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Access is denied.', 'SecurityError');
    });
    expect(() => rememberAlertsPath('/alerts?status=closed')).not.toThrow();
    expect(lastAlertsPath()).toBe('/alerts');
  });
});
