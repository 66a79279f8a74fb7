import { BellRing, Lock } from 'lucide-react';
import { useId } from 'react';
import { LoadState } from '@/components/layout/load-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/queries/auth';
import { useNotificationDeliveries, useNotificationRules, useSmtpSettings } from '@/queries/notifications';
import { DeliveriesTable } from './deliveries-table';
import { RuleForm } from './rule-form';
import { RulesTable } from './rules-table';
import { SmtpSettingsPanel } from './smtp-settings';

export const NOTIFICATIONS_TITLE = 'Notifications';
export const NOTIFICATIONS_ADMIN_NOTE = 'Notification rules, their messages and the SMTP server are managed by an admin.';

/**
 * Notifications (issue 29) on /config, for admins: the rules (webhook or e-mail, the lowest risk or
 * Pc, fleet or all, which events), a test message per rule, the messages sent with their dead letters
 * (last error, Retry), and the SMTP server. Other roles see a note: the server answers them 403.
 */
export function NotificationsCard() {
  const titleId = useId();
  const { data: session } = useSession();
  // Without accounts the server's local user is an admin (the session says so).
  const admin = session?.user?.role === 'admin';
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <BellRing className="size-5 text-blue-400" aria-hidden="true" />
          {NOTIFICATIONS_TITLE}
        </CardTitle>
        <CardDescription>Alerts that reach people: a signed webhook (JSON POST, HMAC-SHA256) or an e-mail when an alert appears, its risk rises, its TCA nears, and the daily digest by e-mail.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {session === undefined ? null : admin ? (
          <AdminView />
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Lock className="size-4" aria-hidden="true" />
            {NOTIFICATIONS_ADMIN_NOTE}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function AdminView() {
  const rules = useNotificationRules();
  const deliveries = useNotificationDeliveries();
  const smtp = useSmtpSettings();
  return (
    <>
      <section aria-label="Rules" className="space-y-3">
        <h3 className="text-sm font-semibold">Rules</h3>
        <LoadState pending={rules.isPending} loadingText="Loading rules..." error={rules.error} errorPrefix="Rules unavailable" />
        {rules.data && <RulesTable rules={rules.data.rules} deliveries={deliveries.data?.deliveries ?? []} />}
        <RuleForm />
      </section>
      <section aria-label="Deliveries" className="space-y-3">
        <h3 className="text-sm font-semibold">Messages (newest first)</h3>
        <LoadState pending={deliveries.isPending} loadingText="Loading messages..." error={deliveries.error} errorPrefix="Messages unavailable" />
        {deliveries.data && <DeliveriesTable deliveries={deliveries.data.deliveries} />}
      </section>
      <section aria-label="SMTP server" className="space-y-3">
        <h3 className="text-sm font-semibold">SMTP server</h3>
        <LoadState pending={smtp.isPending} loadingText="Loading SMTP settings..." error={smtp.error} errorPrefix="SMTP settings unavailable" />
        {smtp.data && <SmtpSettingsPanel key={`${smtp.data.source}:${smtp.data.from ?? ''}`} settings={smtp.data} />}
      </section>
    </>
  );
}
