import { FilterX } from 'lucide-react';
import { useCallback, useId } from 'react';
import type { RiskLevel } from '@contracts/conjunctions.ts';
import { useDebouncedField } from '@/components/alerts/use-debounced-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { type AnalyticsView, hasFilters, MAX_OWNER_LENGTH, MAX_QUERY_LENGTH, OBJECT_TYPES, SORTS } from '@/lib/catalog-screening';
import type { ObjectType } from '@core/catalog/index.ts';
import { RISK_LABELS, RISK_LEVELS } from '@/lib/risk-levels';

/** Radix Select has no empty value: 'Any' is this one. */
const ANY = 'any';

interface ConjunctionControlsProps {
  view: AnalyticsView;
  /** A change of sort or filter; the page goes back to the first rows. */
  onChange: (patch: Partial<AnalyticsView>) => void;
}

/**
 * The conjunctions' sort and filters, SOCRATES-style (issue 13): sort by Pc, Max Pc, Min range
 * or TCA; object type and risk (selects), owner (a SATCAT code, e.g. PRC or CIS) and a name or
 * NORAD id search. Buttons and selects apply at once, typed fields after a pause in typing.
 */
export function ConjunctionControls({ view, onChange }: ConjunctionControlsProps) {
  const fieldId = useId();
  const commitOwner = useCallback((value: string) => onChange({ owner: value.trim() }), [onChange]);
  const commitSearch = useCallback((value: string) => onChange({ q: value.trim() }), [onChange]);
  const [owner, setOwner] = useDebouncedField(view.owner, commitOwner);
  const [search, setSearch] = useDebouncedField(view.q, commitSearch);

  return (
    <div className="grid gap-4 px-6 md:grid-cols-2 xl:grid-cols-[auto_10rem_10rem_8rem_minmax(12rem,1fr)_auto] xl:items-end">
      <div className="space-y-2">
        <span className="text-sm font-medium leading-none" id={`${fieldId}-sort`}>
          Sort by
        </span>
        <div role="group" aria-labelledby={`${fieldId}-sort`} className="flex flex-wrap gap-1">
          {SORTS.map((sort) => (
            <Button
              key={sort.value}
              type="button"
              size="sm"
              variant={view.sort === sort.value ? 'default' : 'outline'}
              aria-pressed={view.sort === sort.value}
              onClick={() => onChange({ sort: sort.value })}
            >
              {sort.label}
            </Button>
          ))}
        </div>
      </div>
      <div className="space-y-2">
        <span className="text-sm font-medium leading-none" id={`${fieldId}-type`}>
          Object type
        </span>
        <Select value={view.type || ANY} onValueChange={(value) => onChange({ type: value === ANY ? '' : (value as ObjectType) })}>
          <SelectTrigger aria-labelledby={`${fieldId}-type`} className="h-9">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Any type</SelectItem>
            {OBJECT_TYPES.map((type) => (
              <SelectItem key={type.value} value={type.value}>
                {type.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-2">
        <span className="text-sm font-medium leading-none" id={`${fieldId}-risk`}>
          Risk
        </span>
        <Select value={view.risk || ANY} onValueChange={(value) => onChange({ risk: value === ANY ? '' : (value as RiskLevel) })}>
          <SelectTrigger aria-labelledby={`${fieldId}-risk`} className="h-9">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Any risk</SelectItem>
            {RISK_LEVELS.map((level) => (
              <SelectItem key={level} value={level}>
                {RISK_LABELS[level]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${fieldId}-owner`}>Owner</Label>
        <Input
          id={`${fieldId}-owner`}
          className="h-9"
          placeholder="e.g. PRC, CIS"
          autoComplete="off"
          maxLength={MAX_OWNER_LENGTH}
          value={owner}
          onChange={(event) => setOwner(event.target.value)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${fieldId}-q`}>Search</Label>
        <Input
          id={`${fieldId}-q`}
          type="search"
          className="h-9"
          placeholder="Name or NORAD id"
          maxLength={MAX_QUERY_LENGTH}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <Button type="button" variant="ghost" size="sm" disabled={!hasFilters(view)} onClick={() => onChange({ risk: '', type: '', owner: '', q: '' })}>
        <FilterX aria-hidden="true" />
        Clear filters
      </Button>
    </div>
  );
}
