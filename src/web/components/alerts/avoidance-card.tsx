import { CircleAlert, LoaderCircle, Rocket } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AvoidanceAnalysis } from '@contracts/avoidance.ts';
import {
  AvoidanceHeatMap,
  burnText,
  DIRECTION_OPTIONS,
  directionPhrase,
  formatDv,
  formatLead,
  formatPcLevel,
  type AvoidanceResult,
  type BurnDirection,
  type CellRef,
} from '@/components/alerts/avoidance-heat-map';
import { AvoidancePlans, cellPrefill, IndeterminateProgress } from '@/components/alerts/avoidance-plans';
import { PcMethodBadge } from '@/components/alerts/pc-value';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailField } from '@/components/ui/detail-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatMetresWithUnit, formatPc, formatPcOneInN, formatUtcDateTime } from '@/lib/conjunction-format';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useAvoidanceAnalysis, useStartAvoidance } from '@/queries/avoidance';

export const AVOIDANCE_EXPLANATION =
  'Plans one impulsive burn of the primary: for each burn time before TCA and each burn size in the chosen direction, the Pc the event would have after it (by the same method choice as the event’s own Pc), and for each target Pc the smallest burn that reaches it.';

export const NO_AVOIDANCE_TEXT = 'No trade space has been computed for this event yet.';

export const RUNNING_TEXT = 'Computing the trade space…';

/** The largest burn and the earliest burn time the server takes (the contract's AvoidanceRequest). */
const LIMIT_MAX = 10;

interface PlanForm {
  direction: BurnDirection;
  /** As typed: the form keeps half-typed numbers ('0.', '') until they parse. */
  maxDvMps: string;
  maxLeadOrbits: string;
}

/** The server's defaults (services/conjunctions/avoidance-analyses.ts AVOIDANCE_DEFAULTS): along-track, 0.2 m/s, 3 orbits. */
const DEFAULT_FORM: PlanForm = { direction: 'T', maxDvMps: '0.2', maxLeadOrbits: '3' };

/** The form of the analysis on show, so that it says what was computed until the operator changes it. */
function formOf(request: AvoidanceAnalysis['request'] | undefined): PlanForm {
  return request ? { direction: request.direction, maxDvMps: String(request.maxDvMps), maxLeadOrbits: String(request.maxLeadOrbits) } : DEFAULT_FORM;
}

/** A limit of the form: a number above 0 and at most 10, else null. */
function parseLimit(text: string): number | null {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(value) && value > 0 && value <= LIMIT_MAX ? value : null;
}

const LIMIT_PROBLEM = `A number above 0, at most ${LIMIT_MAX}.`;

/**
 * Collision avoidance of one event (issue 28): the burn direction and the grid's limits, 'Compute
 * trade space' (operators; a background job on the server, re-read every second while it runs),
 * and the result: the heat map of Pc over burn time × Δv with the minimum-Δv curve, the selected
 * cell's numbers, the smallest burn that reaches each target Pc, the event's Pc without a burn and
 * how the primary's track is modelled. Below it, the event's avoidance plans (avoidance-plans.tsx):
 * the selected cell's burn, or a typed one, screened against the whole catalogue.
 */
export function AvoidanceCard({ conjunctionId }: { conjunctionId: string }) {
  const titleId = useId();
  const { data: analysis, error, isPending } = useAvoidanceAnalysis(conjunctionId);
  const start = useStartAvoidance(conjunctionId);
  // null until the operator changes a field: the form then shows the analysis on show (or the defaults).
  const [edited, setEdited] = useState<PlanForm | null>(null);
  const form = edited ?? formOf(analysis?.request);
  const maxDvMps = parseLimit(form.maxDvMps);
  const maxLeadOrbits = parseLimit(form.maxLeadOrbits);
  const running = analysis?.status === 'running';
  const set = (patch: Partial<PlanForm>) => setEdited({ ...form, ...patch });
  // The selected cell, of the analysis it belongs to: a new analysis starts with none.
  const [selection, setSelection] = useState<{ startedAt: string; cell: CellRef } | null>(null);
  const selected = analysis && selection?.startedAt === analysis.startedAt ? selection.cell : null;
  const prefill = analysis?.status === 'completed' && analysis.result && selected ? cellPrefill(analysis, analysis.result, selected) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (maxDvMps === null || maxLeadOrbits === null) return;
    start.mutate({ direction: form.direction, maxDvMps, maxLeadOrbits });
  };
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId}>Plan avoidance</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p className="text-muted-foreground">{AVOIDANCE_EXPLANATION}</p>
        <PlanControls
          form={form}
          problems={{ maxDvMps: maxDvMps === null, maxLeadOrbits: maxLeadOrbits === null }}
          busy={running || start.isPending}
          disabled={running || start.isPending || isPending || maxDvMps === null || maxLeadOrbits === null}
          onChange={set}
          onSubmit={submit}
        />
        {start.error && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{`Could not start the trade space: ${errorMessage(start.error) ?? 'Unknown error'}`}</AlertDescription>
          </Alert>
        )}
        {isPending && (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Loading the trade space...
          </p>
        )}
        {error && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{`Error loading the trade space: ${errorMessage(error) ?? 'Unknown error'}`}</AlertDescription>
          </Alert>
        )}
        {analysis === null && <p>{NO_AVOIDANCE_TEXT}</p>}
        {/* A new analysis starts afresh (the heat map's cursor too). */}
        {analysis && <AnalysisState key={analysis.startedAt} analysis={analysis} selected={selected} onSelect={(cell) => setSelection({ startedAt: analysis.startedAt, cell })} />}
        <AvoidancePlans conjunctionId={conjunctionId} tca={analysis?.tca ?? null} prefill={prefill} />
      </CardContent>
    </Card>
  );
}

interface PlanControlsProps {
  form: PlanForm;
  problems: { maxDvMps: boolean; maxLeadOrbits: boolean };
  /** Running or starting: the button spins. */
  busy: boolean;
  disabled: boolean;
  onChange: (patch: Partial<PlanForm>) => void;
  onSubmit: (event: FormEvent) => void;
}

function PlanControls({ form, problems, busy, disabled, onChange, onSubmit }: PlanControlsProps) {
  const id = useId();
  return (
    <form onSubmit={onSubmit} aria-label="Trade space settings" className="flex flex-wrap items-start gap-x-4 gap-y-3">
      <div className="w-60 space-y-1">
        <Label id={`${id}-direction`}>Direction</Label>
        <Select value={form.direction} onValueChange={(value) => onChange({ direction: value as BurnDirection })}>
          <SelectTrigger aria-labelledby={`${id}-direction`} className="h-9">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DIRECTION_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p className="text-xs text-muted-foreground">In the primary’s RTN frame at the burn</p>
      </div>
      <LimitField label="Largest Δv (m/s)" value={form.maxDvMps} problem={problems.maxDvMps} hint="The grid’s largest burn" className="w-44" onChange={(maxDvMps) => onChange({ maxDvMps })} />
      <LimitField
        label="Earliest burn (orbits before TCA)"
        value={form.maxLeadOrbits}
        problem={problems.maxLeadOrbits}
        hint="The latest is 10 min before TCA"
        className="w-64"
        onChange={(maxLeadOrbits) => onChange({ maxLeadOrbits })}
      />
      {/* Aligned with the inputs, below their labels. */}
      <Button type="submit" size="sm" className="mt-5 h-9" disabled={disabled}>
        {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Rocket aria-hidden="true" />}
        Compute trade space
      </Button>
    </form>
  );
}

interface LimitFieldProps {
  label: string;
  value: string;
  problem: boolean;
  hint: string;
  /** Its width: the label on one line, so that the inputs line up. */
  className: string;
  onChange: (value: string) => void;
}

function LimitField({ label, value, problem, hint, className, onChange }: LimitFieldProps) {
  const id = useId();
  return (
    <div className={cn('space-y-1', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} inputMode="decimal" value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={problem} aria-describedby={`${id}-hint`} className="h-9" />
      <p id={`${id}-hint`} className={problem ? 'text-xs text-red-300' : 'text-xs text-muted-foreground'}>
        {problem ? LIMIT_PROBLEM : hint}
      </p>
    </div>
  );
}

interface CellSelection {
  selected: CellRef | null;
  onSelect: (cell: CellRef) => void;
}

function AnalysisState({ analysis, selected, onSelect }: { analysis: AvoidanceAnalysis } & CellSelection) {
  if (analysis.status === 'running') return <Running analysis={analysis} />;
  if (analysis.status === 'completed' && analysis.result) return <Completed analysis={analysis} result={analysis.result} selected={selected} onSelect={onSelect} />;
  const failure = analysis.status === 'completed' ? 'The trade space ended without a result' : 'The trade space failed';
  return (
    <div className="space-y-3">
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>{`${failure}: ${analysis.error ?? 'no reason given'}`}</AlertDescription>
      </Alert>
      <EventWithoutBurn analysis={analysis} />
    </div>
  );
}

/** '60 burn times × 40 sizes along-track (T), up to 0.2 m/s, 10 min to 3 orbits before TCA'. */
function gridText(request: AvoidanceAnalysis['request']): string {
  return `${request.leadSteps} burn times × ${request.dvSteps} sizes ${directionPhrase(request.direction)}, up to ${formatDv(request.maxDvMps)}, ${formatLead(request.minLeadS)} to ${request.maxLeadOrbits} orbits before TCA`;
}

function Running({ analysis }: { analysis: AvoidanceAnalysis }) {
  return (
    <div className="space-y-3">
      <div className="space-y-2">
        <p aria-live="polite" className="flex items-center gap-2 font-medium">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {RUNNING_TEXT}
        </p>
        <IndeterminateProgress label="Computing the trade space" />
        <p className="text-xs text-muted-foreground">{`${gridText(analysis.request)}. Started ${formatUtcDateTime(analysis.startedAt)} UTC.`}</p>
      </div>
      <EventWithoutBurn analysis={analysis} />
    </div>
  );
}

/** The event as it is, the reference every burn is judged against, and how the primary's track is modelled. */
function EventWithoutBurn({ analysis }: { analysis: AvoidanceAnalysis }) {
  const reference = analysis.primaryReference.trim();
  return (
    <section aria-label="Without a burn" className="space-y-2">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <DetailField label="Pc without a burn" valueClassName="text-base font-semibold">
          <span className="inline-flex items-center gap-1.5">
            <span className="tabular-nums" title={analysis.pc === null ? 'No Pc' : formatPcOneInN(analysis.pc)}>
              {formatPc(analysis.pc)}
            </span>{' '}
            <PcMethodBadge method={analysis.pcMethod} />
          </span>
        </DetailField>
        <DetailField label="Miss distance" valueClassName="tabular-nums">
          {formatMetresWithUnit(analysis.missM)}
        </DetailField>
      </dl>
      <p role="note" aria-label="Primary’s track" className="text-xs text-muted-foreground">
        {`Primary’s track: ${/[.!?]$/.test(reference) ? reference : `${reference}.`}`}
      </p>
    </section>
  );
}

/** The smallest burn over all burn times that reaches `targetPc` (the earlier burn on a tie), or null. */
export function smallestBurn(result: AvoidanceResult, targetPc: number) {
  const reached = result.minimumDv.filter((m) => m.targetPc === targetPc && m.dvMps !== null);
  return reached.reduce<(typeof reached)[number] | null>((best, m) => (best === null || m.dvMps! < best.dvMps! || (m.dvMps === best.dvMps && m.leadS > best.leadS) ? m : best), null);
}

/** '+0.12', '−0.99': one component of a unit direction. */
function signed(component: number): string {
  const text = Math.abs(component).toFixed(2);
  return component < 0 && text !== '0.00' ? `−${text}` : `+${text}`;
}

function MinimumDvTable({ analysis, result }: { analysis: AvoidanceAnalysis; result: AvoidanceResult }) {
  const headingId = useId();
  const best = analysis.request.direction === 'best';
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold">
        Minimum Δv to reach the target
      </h3>
      <table aria-labelledby={headingId} className="w-full text-left text-sm">
        <thead className="text-xs text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Target Pc
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Minimum Δv
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Burn before TCA
            </th>
            {best && (
              <th scope="col" className="py-1.5 font-medium">
                Direction (RTN)
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {analysis.request.targets.map((targetPc) => {
            const burn = smallestBurn(result, targetPc);
            return (
              <tr key={targetPc} className="border-b last:border-0">
                <th scope="row" className="py-1.5 pr-3 font-medium tabular-nums">
                  {formatPcLevel(targetPc)}
                </th>
                <td className="py-1.5 pr-3 tabular-nums">
                  {burn === null ? <span className="text-yellow-300">{`not reached within ${formatDv(analysis.request.maxDvMps)}`}</span> : burn.dvMps === 0 ? 'none needed' : formatDv(burn.dvMps!)}
                </td>
                <td className="py-1.5 pr-3 tabular-nums">{burn === null || burn.dvMps === 0 ? '—' : formatLead(burn.leadS)}</td>
                {best && <td className="py-1.5 font-mono text-xs">{burn?.directionRtn ? burn.directionRtn.map((c, k) => `${'RTN'[k]} ${signed(c)}`).join(' · ') : '—'}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">The smallest burn over all burn times of the grid, found by a root search at each burn time rather than read off the cells.</p>
    </section>
  );
}

/** What the selected cell's burn does: 'Burn … before TCA, 0.04 m/s along-track (T): Pc 2.55e-5 (1:39,262), miss 579.4 m'. */
function cellText(analysis: AvoidanceAnalysis, result: AvoidanceResult, cell: CellRef): string {
  const pc = result.pc[cell.lead]?.[cell.dv] ?? null;
  const miss = result.missM[cell.lead]?.[cell.dv];
  const pcText = pc === null ? 'no Pc' : `Pc ${formatPc(pc)} (${formatPcOneInN(pc)})`;
  return `${burnText(result, cell, analysis.request.direction)}: ${pcText}, miss ${formatMetresWithUnit(miss)}`;
}

/** 'At 2021-03-24 10:15:04 UTC · reaches the 1e-4 target, not 1e-6 or 1e-7'. */
function cellDetail(analysis: AvoidanceAnalysis, result: AvoidanceResult, cell: CellRef): string {
  const epoch = new Date(Date.parse(analysis.tca) - result.leadTimesS[cell.lead]! * 1000).toISOString();
  const pc = result.pc[cell.lead]?.[cell.dv] ?? null;
  const targets = [...analysis.request.targets].sort((a, b) => b - a);
  const met = pc === null ? [] : targets.filter((t) => pc <= t).map(formatPcLevel);
  const missed = pc === null ? [] : targets.filter((t) => pc > t).map(formatPcLevel);
  const verdict =
    pc === null ? 'no Pc to compare with the targets' : missed.length === 0 ? 'below every target' : met.length === 0 ? 'above every target' : `below ${met.join(' and ')}, above ${missed.join(' and ')}`;
  return `Burn at ${formatUtcDateTime(epoch)} UTC · ${verdict}.`;
}

function Completed({ analysis, result, selected, onSelect }: { analysis: AvoidanceAnalysis; result: AvoidanceResult } & CellSelection) {
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="min-w-0 space-y-3">
        <AvoidanceHeatMap analysis={analysis} result={result} selected={selected} onSelect={onSelect} />
        <section aria-label="Selected burn" aria-live="polite" className="space-y-1 rounded-md border bg-muted/20 p-3">
          {selected ? (
            <>
              <p className="font-medium tabular-nums">{cellText(analysis, result, selected)}</p>
              <p className="text-xs text-muted-foreground">{cellDetail(analysis, result, selected)}</p>
            </>
          ) : (
            <p className="text-muted-foreground">Select a cell of the map to read its burn, Pc and miss distance.</p>
          )}
        </section>
      </div>
      <div className="min-w-0 space-y-5">
        <EventWithoutBurn analysis={analysis} />
        <MinimumDvTable analysis={analysis} result={result} />
        <p className="text-xs text-muted-foreground">{`${gridText(analysis.request)}${analysis.finishedAt ? `; computed ${formatUtcDateTime(analysis.finishedAt)} UTC` : ''}.`}</p>
      </div>
    </div>
  );
}
