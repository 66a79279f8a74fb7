import { useToast } from '@/hooks/use-toast';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast';

/** Spec §4: notifications close by themselves after 5000 ms. */
export const TOAST_DURATION_MS = 5000;
/** Spec §4: a swipe to the right of at least 50 px dismisses. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Spec §4: F8 moves keyboard focus to the notification region. */
export const TOAST_HOTKEY = ['F8'];

/** Renders the notification store; mount exactly once, near the app root. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={TOAST_HOTKEY} />
    </ToastProvider>
  );
}
