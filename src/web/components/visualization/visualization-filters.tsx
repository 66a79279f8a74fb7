import { REGIME_TITLES } from '@/components/dashboard/situational-awareness/orbital-view';
import { REGIMES, type Regime } from '@/components/dashboard/situational-awareness/globe-math';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatObjectType } from '@/lib/conjunction-format';
import { cn } from '@/lib/utils';
import { OBJECT_TYPES, toggleInList } from '@/lib/visualization-state';
import type { ObjectType } from '@core/catalog/index.ts';

/** The owner select's value for 'every owner' (Radix Select items need a non-empty value). */
const ALL_OWNERS = '*';

export interface VisualizationFilterValues {
  regimes: Regime[];
  types: ObjectType[];
  owner: string | null;
}

export interface VisualizationFiltersProps {
  value: VisualizationFilterValues;
  onChange: (value: VisualizationFilterValues) => void;
  /** The catalogue's owners, most objects first (from the globe's feed). */
  owners: { owner: string; count: number }[];
  className?: string;
}

function ToggleGroup<T extends string>({ label, items, on, title, text, onToggle }: { label: string; items: readonly T[]; on: readonly T[]; title?: (item: T) => string; text: (item: T) => string; onToggle: (item: T) => void }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <div role="group" aria-label={label} className="flex flex-wrap gap-1">
        {items.map((item) => (
          <button
            key={item}
            type="button"
            aria-pressed={on.includes(item)}
            title={title?.(item)}
            onClick={() => onToggle(item)}
            className={cn(
              'rounded-md border px-2 py-1 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              on.includes(item) && 'border-primary/60 bg-primary/15 text-foreground',
            )}
          >
            {text(item)}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * What the view shows: regimes (by perigee, as the dashboard's selector), SATCAT object types
 * (a fleet satellite counts as a payload) and one owner or all. A group never goes empty: turning
 * off its last button leaves it on.
 */
export function VisualizationFilters({ value, onChange, owners, className }: VisualizationFiltersProps) {
  return (
    <section aria-label="Filters" className={cn('space-y-3 rounded-lg border bg-card/95 p-3 shadow-lg backdrop-blur', className)}>
      <ToggleGroup
        label="Regime"
        items={REGIMES}
        on={value.regimes}
        title={(r) => REGIME_TITLES[r]}
        text={(r) => r}
        onToggle={(r) => onChange({ ...value, regimes: toggleInList(value.regimes, r, REGIMES) })}
      />
      <ToggleGroup
        label="Object type"
        items={OBJECT_TYPES}
        on={value.types}
        text={formatObjectType}
        onToggle={(t) => onChange({ ...value, types: toggleInList(value.types, t, OBJECT_TYPES) })}
      />
      <div className="space-y-1">
        <p id="visualization-owner-label" className="text-xs font-medium text-muted-foreground">
          Owner
        </p>
        <Select value={value.owner ?? ALL_OWNERS} onValueChange={(v) => onChange({ ...value, owner: v === ALL_OWNERS ? null : v })}>
          <SelectTrigger aria-labelledby="visualization-owner-label" className="h-8 text-xs">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_OWNERS}>All owners</SelectItem>
            {value.owner !== null && !owners.some((o) => o.owner === value.owner) && <SelectItem value={value.owner}>{value.owner}</SelectItem>}
            {owners.map((o) => (
              <SelectItem key={o.owner} value={o.owner}>
                {o.owner} ({o.count.toLocaleString('en-US')})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </section>
  );
}
