import { categoryStyle } from '@/components/satellites/category-style';
import { FLEET_CATEGORIES, FLEET_CATEGORY_LABELS } from '@/lib/fleet-categories';
import { cn } from '@/lib/utils';

/** The marker colours, in the spec's order: Military, Commercial, Scientific. */
export function MapLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
      {FLEET_CATEGORIES.map((category) => (
        <li key={category} className="flex items-center gap-2">
          <span className={cn('size-3 rounded-full', categoryStyle(category).swatch)} aria-hidden="true" />
          {FLEET_CATEGORY_LABELS[category]}
        </li>
      ))}
    </ul>
  );
}
