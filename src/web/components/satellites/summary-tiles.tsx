import { Building2, FlaskConical, Satellite, Shield, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { categoryStyle } from '@/components/satellites/category-style';
import { Card, CardContent } from '@/components/ui/card';
import type { FleetCounts } from '@/lib/fleet-categories';
import { cn } from '@/lib/utils';

/** Spec §2: four summary tiles, in this order. */
const TILES: readonly { label: string; key: keyof FleetCounts; icon: LucideIcon }[] = [
  { label: 'Military', key: 'military', icon: Shield },
  { label: 'Commercial', key: 'commercial', icon: Building2 },
  { label: 'Scientific', key: 'scientific', icon: FlaskConical },
  { label: 'Total', key: 'total', icon: Satellite },
];

function SummaryTile({ label, count, icon: Icon, iconClass }: { label: string; count: number; icon: LucideIcon; iconClass: string }) {
  const labelId = useId();
  return (
    <Card aria-labelledby={labelId}>
      <CardContent className="flex items-center justify-between gap-4 p-6">
        <div>
          <p id={labelId} className="text-sm font-medium text-muted-foreground">
            {label}
          </p>
          <p className="text-3xl font-bold tabular-nums">{count}</p>
        </div>
        <Icon className={cn('size-8', iconClass)} aria-hidden="true" />
      </CardContent>
    </Card>
  );
}

/** Satellites per category and in total; each tile is a region named by its label. */
export function SummaryTiles({ counts }: { counts: FleetCounts }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {TILES.map((tile) => (
        <SummaryTile
          key={tile.key}
          label={tile.label}
          count={counts[tile.key]}
          icon={tile.icon}
          iconClass={tile.key === 'total' ? 'text-foreground' : categoryStyle(tile.key).text}
        />
      ))}
    </div>
  );
}
