import { CircleAlert, CircleCheck, Download, Globe, LoaderCircle, Radar, TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AvoidanceAnalysis, AvoidancePlan, PlanConjunction, PlanResult } from '@contracts/avoidance.ts';
import { burnText, formatDv, formatLead, formatPcLevel, type AvoidanceResult, type CellRef } from '@/components/alerts/avoidance-heat-map';
import { PcMethodBadge } from '@/components/alerts/pc-value';
import { RiskBadge } from '@/components/sst/risk-badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DetailField } from '@/components/ui/detail-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatMetresWithUnit, formatPc, formatPcOneInN, formatUtcDateTime } from '@/lib/conjunction-format';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useAvoidancePlans, useDecidePlan, useStartPlan, type PlanDecision } from '@/queries/avoidance';

/*
 * Avoidance plans of one event (issue 28, item 7): a burn of the primary, from the trade space's
 * selected cell or typed (minutes before TCA, Δv in R, T, N), screened on the server against the
 * whole catalogue ('Screen this plan'), and the event's plans: the burn, who made it, the event
 * before and after it, whether it is acceptable and why, the conjunctions it creates or worsens
 * (the rest behind a toggle), 'Choose this plan' / 'Discard', and the post-burn OEM and the OPM.
 */

export const PLANS_EXPLANATION =
  'Screens the primary’s track after one burn against the whole catalogue, for 7 days from the burn and approaches within 5 km, and compares each conjunction with the same pair without the burn. A plan is acceptable when neither the event nor any conjunction it creates or worsens exceeds Pc 1e-4.';

export const NO_PLANS_TEXT = 'No plan has been screened for this event yet.';

/** The latest burn the server takes: 10 days (PlanRequest's leadS, 864,000 s) before TCA. */
const MAX_LEAD_MIN = 14_400;
/** The largest Δv component the server takes, m/s. */
const MAX_DV_COMPONENT = 10;

/** A burn to fill the form with: the selected cell's. */
export interface BurnPrefill {
  leadS: number;
  dvRtnMps: [number, number, number];
  /** The burn in words: 'Burn 2 h 30 min before TCA, 0.03 m/s along-track (T)'. */
  label: string;
  /** How its direction was taken, when that needs saying (the best direction). */
  note?: string;
}

type Rtn = [number, number, number];

const AXES: Record<Exclude<AvoidanceAnalysis['request']['direction'], 'best'>, Rtn> = {
  R: [1, 0, 0],
  T: [0, 1, 0],
  N: [0, 0, 1],
  '-R': [-1, 0, 0],
  '-T': [0, -1, 0],
  '-N': [0, 0, -1],
};

/**
 * The burn of a cell of the trade space: its time and size along the analysis's direction. The
 * best direction depends on the size and is not kept per cell: the cell then takes the direction
 * of the smallest burn reaching a target at its burn time (the one nearest its size), or
 * along-track when there is none.
 */
export function cellPrefill(analysis: AvoidanceAnalysis, result: AvoidanceResult, cell: CellRef): BurnPrefill {
  const leadS = result.leadTimesS[cell.lead]!;
  const dv = result.dvMagnitudesMps[cell.dv]!;
  const direction = analysis.request.direction;
  let unit: Rtn;
  let note: string | undefined;
  if (direction === 'best') {
    const candidates = result.minimumDv.filter((m) => m.leadS === leadS && m.directionRtn !== null && m.dvMps !== null);
    const nearest = candidates.reduce<(typeof candidates)[number] | null>((best, m) => (best === null || Math.abs(m.dvMps! - dv) < Math.abs(best.dvMps! - dv) ? m : best), null);
    unit = nearest?.directionRtn ?? AXES.T;
    note = nearest
      ? `The best direction changes with the burn’s size: this is the one of the smallest burn reaching ${formatPcLevel(nearest.targetPc)} at this burn time.`
      : 'No burn at this time reaches a target: along-track (T) is filled in.';
  } else {
    unit = AXES[direction];
  }
  return { leadS, dvRtnMps: unit.map((u) => u * dv) as Rtn, label: burnText(result, cell, direction), ...(note ? { note } : {}) };
}

interface BurnForm {
  /** As typed: the form keeps half-typed numbers until they parse. */
  leadMin: string;
  r: string;
  t: string;
  n: string;
}

const EMPTY_FORM: BurnForm = { leadMin: '', r: '0', t: '0', n: '0' };

/** A number as the form shows it: at most 6 significant digits, no '-0'. */
function numberText(value: number): string {
  const rounded = Number(value.toPrecision(6));
  return rounded === 0 ? '0' : String(rounded);
}

function formOf(prefill: BurnPrefill | null): BurnForm {
  if (!prefill) return EMPTY_FORM;
  const [r, t, n] = prefill.dvRtnMps;
  return { leadMin: String(Number((prefill.leadS / 60).toFixed(2))), r: numberText(r), t: numberText(t), n: numberText(n) };
}

/** A typed number ('−0.03' with a minus sign too), or NaN. */
function parseNumber(text: string): number {
  const trimmed = text.trim().replace(/^−/, '-');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

function parseLead(text: string): number | null {
  const minutes = parseNumber(text);
  return Number.isFinite(minutes) && minutes > 0 && minutes <= MAX_LEAD_MIN ? minutes : null;
}

function parseComponent(text: string): number | null {
  const value = parseNumber(text);
  return Number.isFinite(value) && Math.abs(value) <= MAX_DV_COMPONENT ? value : null;
}

/** '+0.03', '−0.0036', '0': one signed Δv component. */
function signedDv(value: number): string {
  if (value === 0) return '0';
  const text = numberText(Math.abs(value));
  return value < 0 ? `−${text}` : `+${text}`;
}

/** 'R 0 · T +0.03 · N 0'. */
export function formatDvRtn(dv: readonly number[]): string {
  return dv.map((c, k) => `${'RTN'[k]} ${signedDv(c)}`).join(' · ');
}

interface AvoidancePlansProps {
  conjunctionId: string;
  /** The event's TCA when known (the trade space's), for the burn's epoch as the form is filled in. */
  tca: string | null;
  /** The selected cell's burn: the form takes it (again) whenever it changes. */
  prefill: BurnPrefill | null;
}

/** The plans part of the 'Plan avoidance' card: the burn form and the event's plans, newest first. */
export function AvoidancePlans({ conjunctionId, tca, prefill }: AvoidancePlansProps) {
  const headingId = useId();
  const { data: plans, error, isPending } = useAvoidancePlans(conjunctionId);
  const start = useStartPlan(conjunctionId);
  return (
    <section aria-labelledby={headingId} className="space-y-4 border-t pt-5">
      <h3 id={headingId} className="text-base font-semibold">
        Avoidance plans
      </h3>
      <p className="text-muted-foreground">{PLANS_EXPLANATION}</p>
      {/* A new cell refills the form (the operator's edits of the previous one go). */}
      <BurnFormFields
        key={prefill ? `${prefill.leadS}|${prefill.dvRtnMps.join(',')}` : 'typed'}
        prefill={prefill}
        tca={tca}
        busy={start.isPending}
        onScreen={(request) => start.mutate(request)}
      />
      {start.error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{`Could not screen the plan: ${errorMessage(start.error) ?? 'Unknown error'}`}</AlertDescription>
        </Alert>
      )}
      {isPending && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Loading the plans...
        </p>
      )}
      {error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{`Error loading the plans: ${errorMessage(error) ?? 'Unknown error'}`}</AlertDescription>
        </Alert>
      )}
      {plans && plans.length === 0 && <p className="text-muted-foreground">{NO_PLANS_TEXT}</p>}
      {plans && plans.length > 0 && (
        <ol aria-label="Plans" className="space-y-4">
          {[...plans].reverse().map((plan) => (
            <li key={plan.id} id={`plan-${plan.id}`} className="scroll-mt-20">
              <PlanItem conjunctionId={conjunctionId} plan={plan} tca={plan.result?.event.before.tca ?? tca} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface BurnFormFieldsProps {
  prefill: BurnPrefill | null;
  tca: string | null;
  busy: boolean;
  onScreen: (request: { leadS: number; dvRtnMps: Rtn }) => void;
}

function BurnFormFields({ prefill, tca, busy, onScreen }: BurnFormFieldsProps) {
  const [form, setForm] = useState<BurnForm>(() => formOf(prefill));
  // The cell's burn time as it is, while the field still shows it (the field rounds to 0.01 min).
  const leadMin = prefill && form.leadMin === formOf(prefill).leadMin ? prefill.leadS / 60 : parseLead(form.leadMin);
  const dv = [parseComponent(form.r), parseComponent(form.t), parseComponent(form.n)];
  const complete = leadMin !== null && dv.every((c) => c !== null);
  const magnitude = dv.every((c) => c !== null) ? Math.hypot(...(dv as number[])) : null;
  const noBurn = magnitude === 0;
  const set = (patch: Partial<BurnForm>) => setForm((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || noBurn) return;
    onScreen({ leadS: prefill && leadMin === prefill.leadS / 60 ? prefill.leadS : Math.round(leadMin * 60 * 1000) / 1000, dvRtnMps: dv as Rtn });
  };
  const epoch = tca && leadMin !== null ? new Date(Date.parse(tca) - leadMin * 60_000).toISOString() : null;
  // No Δv is said once there is a burn time: the empty form starts with none.
  const dvText = magnitude === null ? null : !noBurn ? `|Δv| ${formatDv(magnitude)}` : leadMin !== null ? 'no Δv: a burn needs one' : null;
  const summary = [epoch ? `Burn at ${formatUtcDateTime(epoch)} UTC` : null, dvText].filter(Boolean).join(' · ');
  return (
    <form onSubmit={submit} aria-label="Burn" className="space-y-2">
      <p className="text-xs text-muted-foreground">
        {prefill ? `From the selected cell: ${prefill.label}.` : 'Select a cell of the map to fill in its burn, or type one.'}
        {prefill?.note ? ` ${prefill.note}` : ''}
      </p>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <NumberField
          label="Burn before TCA (min)"
          value={form.leadMin}
          problem={form.leadMin.trim() !== '' && leadMin === null}
          hint="Minutes before TCA"
          problemText={`Above 0, at most ${MAX_LEAD_MIN.toLocaleString('en-US')} (10 days).`}
          className="w-44"
          onChange={(leadMin) => set({ leadMin })}
        />
        {(['r', 't', 'n'] as const).map((axis, k) => (
          <NumberField
            key={axis}
            label={`Δv ${axis.toUpperCase()} (m/s)`}
            value={form[axis]}
            problem={dv[k] === null}
            hint={['Radial', 'Along-track', 'Cross-track'][k]!}
            problemText={`From −${MAX_DV_COMPONENT} to ${MAX_DV_COMPONENT}.`}
            className="w-32"
            onChange={(value) => set({ [axis]: value })}
          />
        ))}
        <Button type="submit" size="sm" className="mt-5 h-9" disabled={busy || !complete || noBurn}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Radar aria-hidden="true" />}
          Screen this plan
        </Button>
      </div>
      {summary && (
        <p aria-live="polite" className={cn('text-xs tabular-nums', noBurn && leadMin !== null ? 'text-yellow-300' : 'text-muted-foreground')}>
          {summary}
        </p>
      )}
    </form>
  );
}

interface NumberFieldProps {
  label: string;
  value: string;
  problem: boolean;
  hint: string;
  problemText: string;
  className: string;
  onChange: (value: string) => void;
}

function NumberField({ label, value, problem, hint, problemText, className, onChange }: NumberFieldProps) {
  const id = useId();
  return (
    <div className={cn('space-y-1', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} inputMode="decimal" value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={problem} aria-describedby={`${id}-hint`} className="h-9 tabular-nums" />
      <p id={`${id}-hint`} className={problem ? 'text-xs text-red-300' : 'text-xs text-muted-foreground'}>
        {problem ? problemText : hint}
      </p>
    </div>
  );
}

/**
 * The server says nothing of its progress, so the bar is indeterminate (no aria-valuenow): a
 * segment sliding across, moved with the Web Animations API as the stylesheet has no keyframes
 * for it, and still for readers who asked for reduced motion.
 */
export function IndeterminateProgress({ label }: { label: string }) {
  const segment = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = segment.current;
    if (!element || typeof element.animate !== 'function' || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const animation = element.animate([{ transform: 'translateX(-100%)' }, { transform: 'translateX(250%)' }], { duration: 1400, iterations: Infinity, easing: 'ease-in-out' });
    return () => animation.cancel();
  }, []);
  return (
    <div role="progressbar" aria-label={label} aria-valuetext="In progress" className="relative h-2 w-full overflow-hidden rounded-full bg-secondary">
      <div ref={segment} className="h-full w-2/5 rounded-full bg-primary" />
    </div>
  );
}

const STATUS_STYLES: Record<AvoidancePlan['status'], { label: string; className: string }> = {
  screening: { label: 'Screening', className: 'border-blue-500/60 bg-blue-500/15 text-blue-200' },
  screened: { label: 'Screened', className: 'border-slate-400/50 bg-slate-400/10 text-slate-200' },
  failed: { label: 'Failed', className: 'border-red-500/60 bg-red-500/15 text-red-200' },
  chosen: { label: 'Chosen', className: 'border-green-500/60 bg-green-500/15 text-green-200' },
  discarded: { label: 'Discarded', className: 'border-slate-600 bg-transparent text-muted-foreground' },
};

function StatusBadge({ status }: { status: AvoidancePlan['status'] }) {
  const style = STATUS_STYLES[status];
  return (
    <Badge variant="outline" className={style.className}>
      {style.label}
    </Badge>
  );
}

/** 'miss 107.5 m · Pc 2.12e-2 (1:47)'. */
function encounterText(missKm: number, pc: number | null): string {
  return `miss ${formatMetresWithUnit(missKm * 1000)} · ${pc === null ? 'no Pc' : `Pc ${formatPc(pc)} (${formatPcOneInN(pc)})`}`;
}

function PlanItem({ conjunctionId, plan, tca }: { conjunctionId: string; plan: AvoidancePlan; tca: string | null }) {
  const titleId = useId();
  const decide = useDecidePlan(conjunctionId, plan.id);
  const decidable = plan.status === 'screened';
  const leadS = tca ? (Date.parse(tca) - Date.parse(plan.burn.epoch)) / 1000 : null;
  const decision = decide.variables === 'discarded' ? 'discard' : 'choose';
  return (
    <article aria-labelledby={titleId} className="space-y-4 rounded-md border bg-muted/20 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h4 id={titleId} className="font-semibold">{`Plan ${plan.id}`}</h4>
        <StatusBadge status={plan.status} />
        <span className="text-xs text-muted-foreground">{`Made by ${plan.createdBy}, ${formatUtcDateTime(plan.createdAt)} UTC`}</span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 md:grid-cols-4">
        <DetailField label="Burn (UTC)" valueClassName="tabular-nums">
          {formatUtcDateTime(plan.burn.epoch)}
          {leadS !== null && leadS > 0 && <span className="block text-xs font-normal text-muted-foreground">{`${formatLead(leadS)} before TCA`}</span>}
        </DetailField>
        <DetailField label="Δv RTN (m/s)" valueClassName="tabular-nums">
          {formatDvRtn(plan.burn.dvRtnMps)}
        </DetailField>
        <DetailField label="|Δv|" valueClassName="tabular-nums">
          {formatDv(plan.burn.dvMps)}
        </DetailField>
        <DetailField label="Screened for" valueClassName="font-normal">
          {`${formatWindow(plan.window)} from the burn, within ${numberText(plan.thresholdKm)} km; target Pc ${formatPcLevel(plan.targetPc)}`}
        </DetailField>
        <DetailField label="Trajectory" className="col-span-2" valueClassName="font-normal">
          {plan.reference.ephemerisId !== null ? (
            <a className="text-primary underline-offset-2 hover:underline" href={`/api/ephemerides/${plan.reference.ephemerisId}/file`} download>
              {`Operator ephemeris #${plan.reference.ephemerisId} plus the burn`}
            </a>
          ) : (
            'Element set (SGP4) plus the burn'
          )}
        </DetailField>
      </dl>
      {plan.status === 'screening' && (
        <div className="space-y-2">
          <p className="flex items-center gap-2 font-medium">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Screening the post-burn track against the catalogue…
          </p>
          <IndeterminateProgress label={`Screening plan ${plan.id}`} />
        </div>
      )}
      {plan.status === 'failed' && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{`The screening failed: ${plan.error ?? 'no reason given'}`}</AlertDescription>
        </Alert>
      )}
      {plan.result && <PlanOutcome plan={plan} result={plan.result} />}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" size="sm" disabled={!decidable || decide.isPending} onClick={() => decide.mutate('chosen' satisfies PlanDecision)}>
          {decide.isPending && decide.variables === 'chosen' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
          Choose this plan
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={!decidable || decide.isPending} onClick={() => decide.mutate('discarded' satisfies PlanDecision)}>
          Discard
        </Button>
        <span className="mx-1 hidden h-5 w-px bg-border sm:block" aria-hidden="true" />
        <DownloadLink href={plan.oemUrl} download={`${conjunctionId}-plan-${plan.id}.oem`}>
          Post-burn ephemeris (OEM)
        </DownloadLink>
        <DownloadLink href={plan.opmUrl} download={`${conjunctionId}-plan-${plan.id}.opm`}>
          Burn summary (OPM)
        </DownloadLink>
        {(plan.status === 'screened' || plan.status === 'chosen') && (
          // The 3D view draws the primary's post-burn track beside its orbit (visualization ?plan=).
          <Button asChild size="sm" variant="outline">
            <Link href={`/visualization?conjunction=${encodeURIComponent(conjunctionId)}&plan=${plan.id}`}>
              <Globe aria-hidden="true" />
              View in 3D
            </Link>
          </Button>
        )}
      </div>
      {plan.decidedBy && (plan.status === 'chosen' || plan.status === 'discarded') && (
        <p className={cn('text-sm', plan.status === 'chosen' ? 'text-green-300' : 'text-muted-foreground')}>
          {`${plan.status === 'chosen' ? 'Chosen' : 'Discarded'} by ${plan.decidedBy}${plan.decidedAt ? `, ${formatUtcDateTime(plan.decidedAt)} UTC` : ''}`}
        </p>
      )}
      {decide.error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{`Could not ${decision} plan ${plan.id}: ${errorMessage(decide.error) ?? 'Unknown error'}`}</AlertDescription>
        </Alert>
      )}
    </article>
  );
}

/** '7 days', '36 h'. */
function formatWindow(window: AvoidancePlan['window']): string {
  const hours = (Date.parse(window.end) - Date.parse(window.start)) / 3_600_000;
  if (!Number.isFinite(hours)) return '—';
  return hours >= 48 ? `${Number((hours / 24).toFixed(1))} days` : `${Number(hours.toFixed(1))} h`;
}

function DownloadLink({ href, download, children }: { href: string; download: string; children: ReactNode }) {
  return (
    <Button asChild size="sm" variant="outline">
      <a href={href} download={download}>
        <Download aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}

function PlanOutcome({ plan, result }: { plan: AvoidancePlan; result: PlanResult }) {
  const { before, after } = result.event;
  const acceptable = plan.acceptable === true;
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
        <DetailField label="This event without the burn" valueClassName="tabular-nums">
          <span className="inline-flex flex-wrap items-center gap-1.5">
            {encounterText(before.missKm, before.pc)} <PcMethodBadge method={before.pcMethod} />
          </span>
        </DetailField>
        <DetailField label="After the burn" valueClassName="tabular-nums">
          {after ? (
            <span className="inline-flex flex-wrap items-center gap-1.5">
              {encounterText(after.missKm, after.pc)} <PcMethodBadge method={after.pcMethod} />
            </span>
          ) : (
            <span className="text-green-300">The pair no longer meets near the old TCA</span>
          )}
        </DetailField>
      </dl>
      {plan.acceptable !== null && (
        <div
          role="note"
          aria-label="Verdict"
          className={cn(
            'flex items-start gap-2 rounded-md border p-3',
            acceptable ? 'border-green-500/60 bg-green-500/10 text-green-100' : 'border-yellow-500/60 bg-yellow-500/15 text-yellow-100',
          )}
        >
          {acceptable ? <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-400" aria-hidden="true" /> : <TriangleAlert className="mt-0.5 size-4 shrink-0 text-yellow-400" aria-hidden="true" />}
          <p>{plan.reason ?? (acceptable ? 'Acceptable.' : 'Not acceptable.')}</p>
        </div>
      )}
      <PlanConjunctions plan={plan} result={result} />
    </div>
  );
}

const CHANGE_STYLES: Record<PlanConjunction['change'], { label: string; badge: string; row: string }> = {
  new: { label: 'New', badge: 'border-red-500/60 bg-red-500/15 text-red-200', row: 'bg-red-500/[0.08]' },
  worse: { label: 'Worse', badge: 'border-orange-500/60 bg-orange-500/15 text-orange-200', row: 'bg-orange-500/[0.08]' },
  better: { label: 'Better', badge: 'border-green-500/50 bg-green-500/10 text-green-200', row: '' },
  same: { label: 'Same', badge: 'border-slate-600 bg-transparent text-muted-foreground', row: '' },
};

/** Highest Pc first (no Pc last), then the nearest. */
function byRisk(a: PlanConjunction, b: PlanConjunction): number {
  return (b.pc ?? -1) - (a.pc ?? -1) || a.missKm - b.missKm;
}

function PlanConjunctions({ plan, result }: { plan: AvoidancePlan; result: PlanResult }) {
  const headingId = useId();
  const tableId = useId();
  const [showAll, setShowAll] = useState(false);
  const flagged = result.conjunctions.filter((c) => c.change === 'new' || c.change === 'worse').sort(byRisk);
  const rest = result.conjunctions.filter((c) => c.change !== 'new' && c.change !== 'worse').sort(byRisk);
  const rows = showAll ? [...flagged, ...rest] : flagged;
  const total = result.conjunctions.length;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h5 id={headingId} className="font-semibold">
        Conjunctions after the burn
      </h5>
      <p className="text-xs text-muted-foreground">
        {total === 0
          ? `No approach within ${numberText(plan.thresholdKm)} km after the burn.`
          : `${flagged.length === 0 ? 'None' : flagged.length} of ${total} within ${numberText(plan.thresholdKm)} km ${flagged.length === 1 ? 'is' : 'are'} new or worse than without the burn${flagged.length > 0 ? '; they come first, highlighted' : ''}.`}
      </p>
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table id={tableId} aria-labelledby={headingId} className="w-full min-w-[760px] text-left text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr className="border-b">
                {['Object', 'Change', 'TCA (UTC)', 'Miss', 'Pc', 'Risk', 'Without the burn'].map((name) => (
                  <th key={name} scope="col" className="py-1.5 pr-3 font-medium">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <ConjunctionRow key={`${c.secondaryNorad}-${c.tca}`} conjunction={c} isEvent={c.secondaryNorad === result.event.secondaryNorad} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rest.length > 0 && (
        <Button type="button" size="sm" variant="ghost" className="h-8 px-2" aria-expanded={showAll} aria-controls={rows.length > 0 ? tableId : undefined} onClick={() => setShowAll((value) => !value)}>
          {showAll ? 'Show only the new and worse' : `Show all ${total} conjunctions`}
        </Button>
      )}
    </section>
  );
}

function ConjunctionRow({ conjunction: c, isEvent }: { conjunction: PlanConjunction; isEvent: boolean }) {
  const style = CHANGE_STYLES[c.change];
  return (
    <tr data-change={c.change} className={cn('border-b last:border-0', style.row)}>
      <th scope="row" className="py-1.5 pl-2 pr-3 font-medium">
        <span className="block whitespace-nowrap">{c.secondaryName}</span>
        <span className="block whitespace-nowrap text-xs font-normal text-muted-foreground">{`NORAD ${c.secondaryNorad}${isEvent ? ' · this event' : ''}`}</span>
      </th>
      <td className="py-1.5 pr-3">
        <Badge variant="outline" className={cn('px-2 py-0', style.badge)}>
          {style.label}
        </Badge>
      </td>
      <td className="whitespace-nowrap py-1.5 pr-3 tabular-nums">{formatUtcDateTime(c.tca)}</td>
      <td className="whitespace-nowrap py-1.5 pr-3 tabular-nums">{formatMetresWithUnit(c.missKm * 1000)}</td>
      <td className="py-1.5 pr-3">
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap tabular-nums">
          {`${formatPc(c.pc)} (${formatPcOneInN(c.pc)})`} <PcMethodBadge method={c.pcMethod} />
        </span>
      </td>
      <td className="py-1.5 pr-3">
        <RiskBadge level={c.riskLevel} />
      </td>
      <td className="whitespace-nowrap py-1.5 pr-2 text-xs tabular-nums text-muted-foreground">{c.before ? encounterText(c.before.missKm, c.before.pc) : 'no approach'}</td>
    </tr>
  );
}
