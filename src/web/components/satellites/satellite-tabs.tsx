import { useState } from 'react';
import type { FleetCategory, IsraeliSatellite } from '@contracts/satellites.ts';
import { SatelliteCard } from '@/components/satellites/satellite-card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FLEET_CATEGORIES, FLEET_CATEGORY_LABELS, fleetCategoryOf, type FleetCounts } from '@/lib/fleet-categories';
import { ISRAELI_SATELLITE_CSV_COLUMNS } from '@/lib/satellite-csv';

type Tab = 'all' | FleetCategory;

function SatelliteGrid({ satellites }: { satellites: readonly IsraeliSatellite[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {satellites.map((satellite) => (
        <SatelliteCard key={satellite.id} satellite={satellite} />
      ))}
    </div>
  );
}

function satellitesOfTab(satellites: readonly IsraeliSatellite[], tab: Tab): readonly IsraeliSatellite[] {
  return tab === 'all' ? satellites : satellites.filter((satellite) => fleetCategoryOf(satellite.category) === tab);
}

/**
 * Spec §2 tabs: 'All Satellites', then 'Military (n)', 'Commercial (n)',
 * 'Scientific (n)', each a grid of satellite cards. Satellites outside the
 * three categories appear under All Satellites only. Export CSV writes the
 * satellites of the open tab (issue 14).
 */
export function SatelliteTabs({ satellites, counts }: { satellites: readonly IsraeliSatellite[]; counts: FleetCounts }) {
  const [tab, setTab] = useState<Tab>('all');
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TabsList>
          <TabsTrigger value="all">All Satellites</TabsTrigger>
          {FLEET_CATEGORIES.map((category) => (
            <TabsTrigger key={category} value={category}>
              {`${FLEET_CATEGORY_LABELS[category]} (${counts[category]})`}
            </TabsTrigger>
          ))}
        </TabsList>
        <ExportCsvButton rows={satellitesOfTab(satellites, tab)} columns={ISRAELI_SATELLITE_CSV_COLUMNS} name={tab === 'all' ? 'israeli-satellites' : `israeli-satellites-${tab}`} />
      </div>
      <TabsContent value="all">
        <SatelliteGrid satellites={satellites} />
      </TabsContent>
      {FLEET_CATEGORIES.map((category) => (
        <TabsContent key={category} value={category}>
          <SatelliteGrid satellites={satellitesOfTab(satellites, category)} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
