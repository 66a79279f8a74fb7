import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { SatelliteRecord } from '@contracts/satellites.ts';
import { SatelliteRow } from '@/components/sst/satellite-row';

/** Every row is the same height, so the virtualiser never measures (smooth with 50,000 rows). */
export const SATELLITE_ROW_HEIGHT = 52;

interface SatelliteListProps {
  satellites: readonly SatelliteRecord[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
}

/**
 * The selection list, spec §2: scrollable, at most max-h-64 tall. Only the rows
 * in view (plus a few either side) are in the DOM; aria-setsize/posinset tell
 * assistive technology where each one sits in the whole list.
 */
export function SatelliteList({ satellites, selected, onToggle }: SatelliteListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns functions that cannot be memoised; this component does not rely on them being stable.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: satellites.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => SATELLITE_ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => satellites[index]?.id ?? index,
  });

  return (
    <div ref={scrollRef} className="max-h-64 overflow-y-auto rounded-md border" data-testid="satellite-list-scroll">
      <div role="list" aria-label="Satellites" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const satellite = satellites[item.index];
          if (!satellite) return null;
          return (
            <SatelliteRow
              key={item.key}
              satellite={satellite}
              checked={selected.has(satellite.id)}
              onToggle={onToggle}
              position={item.index + 1}
              setSize={satellites.length}
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            />
          );
        })}
      </div>
    </div>
  );
}
