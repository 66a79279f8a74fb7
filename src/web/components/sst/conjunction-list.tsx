import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { SstConjunction } from '@contracts/conjunctions.ts';
import { ConjunctionItem } from '@/components/sst/conjunction-item';

/** A first guess of an item's height; each item is measured once drawn (it wraps differently by width). */
const ESTIMATED_ITEM_HEIGHT = 124;
const ITEM_GAP = 8;

/**
 * The detailed results' scrollable list (spec §2). A wide window or threshold
 * finds thousands of approaches (50 km around four LEO satellites for 48 h:
 * about 9,000), so only the items in view are in the DOM.
 */
export function ConjunctionList({ conjunctions, now }: { conjunctions: readonly SstConjunction[]; now: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns functions that cannot be memoised; this component does not rely on them being stable.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: conjunctions.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ITEM_HEIGHT,
    gap: ITEM_GAP,
    overscan: 4,
    getItemKey: (index) => conjunctions[index]?.id ?? index,
  });
  return (
    <div ref={scrollRef} className="max-h-96 overflow-y-auto pr-1" data-testid="conjunction-list-scroll">
      <ul aria-label="Conjunctions" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const conjunction = conjunctions[item.index];
          if (!conjunction) return null;
          return (
            <ConjunctionItem
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              aria-posinset={item.index + 1}
              aria-setsize={conjunctions.length}
              className="absolute left-0 top-0 w-full"
              style={{ transform: `translateY(${item.start}px)` }}
              conjunction={conjunction}
              now={now}
            />
          );
        })}
      </ul>
    </div>
  );
}
