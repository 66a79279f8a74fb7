import { afterEach, describe, expect, it, vi } from 'vitest';
import * as toastStore from '@/hooks/use-toast';
import { listenForNotifications, NOTIFY_EVENT, parseNotifyDetail } from '@/lib/notify-bridge';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseNotifyDetail', () => {
  it('keeps title, description and a known variant', () => {
    expect(parseNotifyDetail({ title: 'T', description: 'D', variant: 'destructive' })).toEqual({
      title: 'T',
      description: 'D',
      variant: 'destructive',
    });
  });

  it('drops an unknown variant and a non-string description', () => {
    expect(parseNotifyDetail({ title: 'T', description: 4, variant: 'loud' })).toEqual({ title: 'T' });
  });

  it('rejects details without a title', () => {
    expect(parseNotifyDetail(undefined)).toBeNull();
    expect(parseNotifyDetail({ description: 'D' })).toBeNull();
    expect(parseNotifyDetail({ title: '   ' })).toBeNull();
  });
});

describe('listenForNotifications', () => {
  it("turns a 'dataforge:notify' event into a toast until stopped", () => {
    const toastSpy = vi.spyOn(toastStore, 'toast');
    const target = new EventTarget();
    const stop = listenForNotifications(target);

    target.dispatchEvent(new CustomEvent(NOTIFY_EVENT, { detail: { title: 'Maneuver detected', description: 'OFEQ-16' } }));
    expect(toastSpy).toHaveBeenCalledWith({ title: 'Maneuver detected', description: 'OFEQ-16' });

    target.dispatchEvent(new CustomEvent(NOTIFY_EVENT, { detail: { nope: true } }));
    expect(toastSpy).toHaveBeenCalledTimes(1);

    stop();
    target.dispatchEvent(new CustomEvent(NOTIFY_EVENT, { detail: { title: 'Ignored' } }));
    expect(toastSpy).toHaveBeenCalledTimes(1);
  });
});
