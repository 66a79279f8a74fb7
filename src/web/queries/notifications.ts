import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationDelivery, NotificationRule, NotificationRuleCreate, NotificationRuleUpdate, SmtpSettings, SmtpSettingsUpdate } from '@contracts/notifications.ts';
import { apiRequest } from '@/lib/query-client';

/** The notifications card on /config (issue 29, admin role): rules, their deliveries, the SMTP server. */

export const NOTIFICATION_RULES_PATH = '/api/notifications/rules';
export const NOTIFICATION_RULES_KEY = [NOTIFICATION_RULES_PATH] as const;
export const NOTIFICATION_DELIVERIES_PATH = '/api/notifications/deliveries';
export const NOTIFICATION_DELIVERIES_KEY = [NOTIFICATION_DELIVERIES_PATH] as const;
export const SMTP_PATH = '/api/notifications/smtp';
export const SMTP_KEY = [SMTP_PATH] as const;

/** Deliveries the card lists (newest first). */
export const DELIVERIES_SHOWN = 50;

/** GET /api/notifications/rules. */
export function useNotificationRules(enabled = true) {
  return useQuery<{ rules: NotificationRule[] }>({ queryKey: NOTIFICATION_RULES_KEY, enabled });
}

/**
 * GET /api/notifications/deliveries, the newest 50. Read again every 3 s while one is pending (a test
 * message or a retry being sent shows its outcome without a reload), else every 30 s.
 */
export function useNotificationDeliveries(enabled = true) {
  return useQuery<{ deliveries: NotificationDelivery[] }>({
    queryKey: [NOTIFICATION_DELIVERIES_PATH, `?limit=${DELIVERIES_SHOWN}`],
    queryFn: async () => (await (await apiRequest('GET', `${NOTIFICATION_DELIVERIES_PATH}?limit=${DELIVERIES_SHOWN}`)).json()) as { deliveries: NotificationDelivery[] },
    enabled,
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 3_000 : 30_000),
  });
}

/** GET /api/notifications/smtp. */
export function useSmtpSettings(enabled = true) {
  return useQuery<SmtpSettings>({ queryKey: SMTP_KEY, enabled });
}

function useInvalidateNotifications() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: NOTIFICATION_RULES_KEY });
    void client.invalidateQueries({ queryKey: [NOTIFICATION_DELIVERIES_PATH] });
  };
}

/** POST /api/notifications/rules. */
export function useCreateNotificationRule() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: async (rule: NotificationRuleCreate) => (await (await apiRequest('POST', NOTIFICATION_RULES_PATH, rule)).json()) as NotificationRule,
    onSuccess: invalidate,
  });
}

/** PATCH /api/notifications/rules/{id}. */
export function useUpdateNotificationRule() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: NotificationRuleUpdate }) => (await (await apiRequest('PATCH', `${NOTIFICATION_RULES_PATH}/${id}`, patch)).json()) as NotificationRule,
    onSuccess: invalidate,
  });
}

/** DELETE /api/notifications/rules/{id}. */
export function useDeleteNotificationRule() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `${NOTIFICATION_RULES_PATH}/${id}`);
    },
    onSuccess: invalidate,
  });
}

/** POST /api/notifications/rules/{id}/test: the answer is the test message's delivery (pending). */
export function useTestNotificationRule() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: async (id: number) => (await (await apiRequest('POST', `${NOTIFICATION_RULES_PATH}/${id}/test`)).json()) as NotificationDelivery,
    onSuccess: invalidate,
  });
}

/** POST /api/notifications/deliveries/{id}/retry: a dead letter back to pending, same id. */
export function useRetryDelivery() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: async (id: string) => (await (await apiRequest('POST', `${NOTIFICATION_DELIVERIES_PATH}/${id}/retry`)).json()) as NotificationDelivery,
    onSuccess: invalidate,
  });
}

/** PUT /api/notifications/smtp: the answer is the stored settings (password masked). */
export function useStoreSmtpSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: SmtpSettingsUpdate) => (await (await apiRequest('PUT', SMTP_PATH, settings)).json()) as SmtpSettings,
    onSuccess: (settings) => client.setQueryData(SMTP_KEY, settings),
  });
}
