import { memo, type CSSProperties } from 'react';
import type { SatelliteRecord } from '@contracts/satellites.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { CategoryBadge } from '@/components/satellites/category-badge';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';

interface SatelliteRowProps {
  satellite: SatelliteRecord;
  checked: boolean;
  onToggle: (id: number) => void;
  /** Place in the whole (virtualised) list, 1-based, and the list's length. */
  position: number;
  setSize: number;
  /** The virtualiser's absolute placement. */
  style: CSSProperties;
}

/**
 * One satellite of the selection list (spec §2): checkbox, name, NORAD id,
 * COSPAR id and the category badge when there is one. Clicking anywhere on the
 * row toggles it; the checkbox itself toggles once (its click does not reach
 * the row as a second toggle).
 */
export const SatelliteRow = memo(function SatelliteRow({ satellite, checked, onToggle, position, setSize, style }: SatelliteRowProps) {
  const nameId = `sst-satellite-${satellite.id}`;
  return (
    <div
      role="listitem"
      aria-posinset={position}
      aria-setsize={setSize}
      style={style}
      className={cn('absolute left-0 top-0 flex w-full cursor-pointer items-center gap-3 rounded-md px-3 hover:bg-accent/60', checked && 'bg-accent/40')}
      onClick={(event) => {
        if (event.target instanceof Element && event.target.closest('a')) return;
        onToggle(satellite.id);
      }}
    >
      <Checkbox checked={checked} aria-labelledby={nameId} onClick={(event) => event.stopPropagation()} onCheckedChange={() => onToggle(satellite.id)} />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <span id={nameId} className="truncate text-sm font-medium">
            <ObjectLink norad={satellite.id} name={satellite.name} />
          </span>
          {satellite.category && <CategoryBadge category={satellite.category} />}
        </div>
        <div className="flex gap-3 text-xs text-muted-foreground">
          <span>{`NORAD ${satellite.noradId}`}</span>
          {satellite.cosparId && <span>{satellite.cosparId}</span>}
        </div>
      </div>
    </div>
  );
});
