import { DataSourcesCard } from '@/components/config/data-sources-card';
import { FileImportsCard } from '@/components/config/file-imports-card';
import { FleetCard } from '@/components/config/fleet-card';
import { ScreeningSettingsCard } from '@/components/config/screening-settings-card';
import { EphemerisUploadCard } from '@/components/ephemerides/ephemeris-upload-card';
import { HighInterestObjectsCard } from '@/components/dashboard/cards/high-interest-objects';
import { LoadState } from '@/components/layout/load-state';
import { PageTitle } from '@/components/layout/page-title';
import { NotificationsCard } from '@/components/notifications/notifications-card';
import { useSettings } from '@/queries/settings';

export const CONFIG_TITLE = 'Configuration';
export const CONFIG_SUBTITLE = 'The fleet, the screening settings, the data sources, file imports, operator ephemerides and the high-interest objects';

/**
 * /config (issue 14): everything that needed curl or the CLI before. The fleet and the screening
 * settings (kept in the database over the environment's defaults), the online data sources'
 * status, file imports with their reports, the fleet's own ephemerides (OEM upload and the stored
 * files, issue 28), and the high-interest objects' list with create, edit and delete (the
 * dashboard's card, the same list).
 */
export default function ConfigPage() {
  const { data: settings, error, isPending } = useSettings();
  return (
    <div className="mx-auto max-w-screen-2xl space-y-6 p-6">
      <PageTitle title={CONFIG_TITLE} subtitle={CONFIG_SUBTITLE} />
      <LoadState pending={isPending} loadingText="Loading settings..." error={error} errorPrefix="Settings unavailable" />
      {settings && (
        <div className="grid gap-6 xl:grid-cols-2">
          <FleetCard settings={settings} />
          <ScreeningSettingsCard key={settings.updatedAt ?? 'environment'} settings={settings} />
        </div>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <FileImportsCard />
        <DataSourcesCard />
      </div>
      <EphemerisUploadCard />
      {/* Issue 29: notification rules, their messages and the SMTP server (admin). */}
      <NotificationsCard />
      <HighInterestObjectsCard />
    </div>
  );
}
