import type { IsraeliSatellite } from '../../../contracts/satellites.ts';
import { SatelliteCard } from '@/components/satellites/satellite-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FLEET_CATEGORIES, FLEET_CATEGORY_LABELS, fleetCategoryOf, type FleetCounts } from '@/lib/fleet-categories';

function SatelliteGrid({ satellites }: { satellites: readonly IsraeliSatellite[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {satellites.map((satellite) => (
        <SatelliteCard key={satellite.id} satellite={satellite} />
      ))}
    </div>
  );
}

/**
 * Spec §2 tabs: 'All Satellites', then 'Military (n)', 'Commercial (n)',
 * 'Scientific (n)', each a grid of satellite cards. Satellites outside the
 * three categories appear under All Satellites only.
 */
export function SatelliteTabs({ satellites, counts }: { satellites: readonly IsraeliSatellite[]; counts: FleetCounts }) {
  return (
    <Tabs defaultValue="all">
      <TabsList>
        <TabsTrigger value="all">All Satellites</TabsTrigger>
        {FLEET_CATEGORIES.map((category) => (
          <TabsTrigger key={category} value={category}>
            {`${FLEET_CATEGORY_LABELS[category]} (${counts[category]})`}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="all">
        <SatelliteGrid satellites={satellites} />
      </TabsContent>
      {FLEET_CATEGORIES.map((category) => (
        <TabsContent key={category} value={category}>
          <SatelliteGrid satellites={satellites.filter((satellite) => fleetCategoryOf(satellite.category) === category)} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
