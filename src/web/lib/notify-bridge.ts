import type { ToastVariant } from '@/components/ui/toast';
import { toast } from '@/hooks/use-toast';

/**
 * Lets code outside React (e.g. a future server-sent-events client) raise a
 * notification without importing the toast store:
 *
 *   window.dispatchEvent(new CustomEvent('dataforge:notify', { detail: { title: 'CDM generated' } }));
 */
export const NOTIFY_EVENT = 'dataforge:notify';

export interface NotifyDetail {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

const VARIANTS: readonly ToastVariant[] = ['default', 'destructive'];

/** Accepts only a well-formed detail; anything else is ignored rather than shown half-broken. */
export function parseNotifyDetail(detail: unknown): NotifyDetail | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const { title, description, variant } = detail as Record<string, unknown>;
  if (typeof title !== 'string' || title.trim() === '') return null;
  return {
    title,
    ...(typeof description === 'string' ? { description } : {}),
    ...(VARIANTS.includes(variant as ToastVariant) ? { variant: variant as ToastVariant } : {}),
  };
}

/** Starts listening on `target`; returns the function that stops listening. */
export function listenForNotifications(target: EventTarget = window): () => void {
  const onNotify = (event: Event) => {
    const detail = parseNotifyDetail((event as CustomEvent<unknown>).detail);
    if (detail) toast(detail);
  };
  target.addEventListener(NOTIFY_EVENT, onNotify);
  return () => target.removeEventListener(NOTIFY_EVENT, onNotify);
}
