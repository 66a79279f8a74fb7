import { FilterX } from 'lucide-react';
import { useCallback, useId } from 'react';
import { useDebouncedField } from '@/components/alerts/use-debounced-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ALERT_STATUS_LABELS, UNASSIGNED } from '@/lib/alert-status';
import {
  alertStatusesOf,
  type AlertsFilters,
  hasNarrowingFilters,
  MAX_ASSIGNEE_LENGTH,
  MAX_SEARCH_LENGTH,
  MAX_SOURCE_LENGTH,
  STATUS_FILTERS,
  toggleAlertStatus,
  toggleRisk,
} from '@/lib/conjunction-filters';
import { RISK_LABELS, RISK_LEVELS, riskStyle } from '@/lib/risk-levels';
import { cn } from '@/lib/utils';

interface AlertsFilterBarProps {
  filters: AlertsFilters;
  onChange: (patch: Partial<AlertsFilters>) => void;
  /** Sources to suggest in the source field (those of every list loaded, not only the rows shown). */
  sources: readonly string[];
}

/**
 * The Conjunction Alerts filters (issue 11): status (Open / Closed / All), risk
 * levels (toggle buttons; none pressed shows every level), the alert statuses within the status and the assignee
 * (a username, or Unassigned; issue 29), source, object or owner search and the TCA window in UTC. Buttons apply at once; typed fields
 * after a pause in typing (use-debounced-field.ts).
 */
export function AlertsFilterBar({ filters, onChange, sources }: AlertsFilterBarProps) {
  const titleId = useId();
  const fieldId = useId();
  const commitSource = useCallback((value: string) => onChange({ source: value }), [onChange]);
  const commitSearch = useCallback((value: string) => onChange({ q: value }), [onChange]);
  const commitFrom = useCallback((value: string) => onChange({ tcaFrom: value }), [onChange]);
  const commitTo = useCallback((value: string) => onChange({ tcaTo: value }), [onChange]);
  const commitAssignee = useCallback((value: string) => onChange({ assignee: value }), [onChange]);
  const [source, setSource] = useDebouncedField(filters.source, commitSource);
  const [search, setSearch] = useDebouncedField(filters.q, commitSearch);
  const [tcaFrom, setTcaFrom] = useDebouncedField(filters.tcaFrom, commitFrom);
  const [tcaTo, setTcaTo] = useDebouncedField(filters.tcaTo, commitTo);
  const [assignee, setAssignee] = useDebouncedField(filters.assignee === UNASSIGNED ? '' : filters.assignee, commitAssignee);
  const unassigned = filters.assignee === UNASSIGNED;
  const alertStatuses = alertStatusesOf(filters.status);

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0 pb-4">
        <CardTitle id={titleId} className="text-base">
          Filters
        </CardTitle>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={!hasNarrowingFilters(filters)}
          onClick={() => onChange({ risk: [], alertStatus: [], assignee: '', source: '', q: '', tcaFrom: '', tcaTo: '' })}
        >
          <FilterX aria-hidden="true" />
          Clear filters
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2 xl:grid-cols-[auto_auto_1fr_1fr]">
        <div className="space-y-2">
          <span className="text-sm font-medium leading-none" id={`${fieldId}-status`}>
            Status
          </span>
          <div role="group" aria-labelledby={`${fieldId}-status`} className="flex gap-1">
            {STATUS_FILTERS.map((option) => (
              <Button
                key={option.value}
                type="button"
                size="sm"
                variant={filters.status === option.value ? 'default' : 'outline'}
                aria-pressed={filters.status === option.value}
                onClick={() => onChange({ status: option.value, alertStatus: filters.alertStatus.filter((s) => alertStatusesOf(option.value).includes(s)) })}
              >
                {option.label}
              </Button>
            ))}
          </div>
        </div>
        <div className="space-y-2">
          <span className="text-sm font-medium leading-none" id={`${fieldId}-risk`}>
            Risk
          </span>
          <div role="group" aria-labelledby={`${fieldId}-risk`} className="flex flex-wrap gap-1">
            {RISK_LEVELS.map((level) => {
              const on = filters.risk.includes(level);
              return (
                <Button
                  key={level}
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-pressed={on}
                  className={cn(on && riskStyle(level).badge, on && 'hover:opacity-90')}
                  onClick={() => onChange({ risk: toggleRisk(filters.risk, level) })}
                >
                  {RISK_LABELS[level]}
                </Button>
              );
            })}
          </div>
        </div>
        {alertStatuses.length > 1 && (
          <div className="space-y-2 md:col-span-2 xl:col-span-2">
            <span className="text-sm font-medium leading-none" id={`${fieldId}-alert-status`}>
              Alert status
            </span>
            <div role="group" aria-labelledby={`${fieldId}-alert-status`} className="flex flex-wrap gap-1">
              {alertStatuses.map((status) => (
                <Button
                  key={status}
                  type="button"
                  size="sm"
                  variant={filters.alertStatus.includes(status) ? 'default' : 'outline'}
                  aria-pressed={filters.alertStatus.includes(status)}
                  onClick={() => onChange({ alertStatus: toggleAlertStatus(filters.alertStatus, status) })}
                >
                  {ALERT_STATUS_LABELS[status]}
                </Button>
              ))}
            </div>
          </div>
        )}
        <div className="space-y-2 xl:col-span-2">
          <Label htmlFor={`${fieldId}-assignee`}>Assignee</Label>
          <div className="flex gap-2">
            <Input
              id={`${fieldId}-assignee`}
              placeholder={unassigned ? 'Unassigned alerts' : 'Anyone (or a username)'}
              autoComplete="off"
              maxLength={MAX_ASSIGNEE_LENGTH}
              disabled={unassigned}
              value={assignee}
              onChange={(event) => setAssignee(event.target.value)}
              className="max-w-64"
            />
            <Button type="button" size="sm" className="h-10" variant={unassigned ? 'default' : 'outline'} aria-pressed={unassigned} onClick={() => onChange({ assignee: unassigned ? '' : UNASSIGNED })}>
              Unassigned
            </Button>
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${fieldId}-q`}>Object or owner</Label>
          <Input
            id={`${fieldId}-q`}
            type="search"
            placeholder="Name, NORAD id, COSPAR id or owner"
            maxLength={MAX_SEARCH_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${fieldId}-source`}>Source</Label>
          <Input
            id={`${fieldId}-source`}
            list={`${fieldId}-sources`}
            placeholder="Any source"
            autoComplete="off"
            maxLength={MAX_SOURCE_LENGTH}
            value={source}
            onChange={(event) => setSource(event.target.value)}
          />
          <datalist id={`${fieldId}-sources`}>
            {sources.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <div role="group" aria-labelledby={`${fieldId}-window`} className="space-y-2 xl:col-span-2">
          <span className="text-sm font-medium leading-none" id={`${fieldId}-window`}>
            TCA window (UTC)
          </span>
          <div className="grid gap-2 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor={`${fieldId}-from`} className="text-xs text-muted-foreground">
                TCA from (UTC)
              </Label>
              <Input id={`${fieldId}-from`} type="datetime-local" value={tcaFrom} onChange={(event) => setTcaFrom(event.target.value)} />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${fieldId}-to`} className="text-xs text-muted-foreground">
                TCA to (UTC)
              </Label>
              <Input id={`${fieldId}-to`} type="datetime-local" value={tcaTo} onChange={(event) => setTcaTo(event.target.value)} />
            </div>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
