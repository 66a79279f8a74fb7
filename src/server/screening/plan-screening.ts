/**
 * The screening of one avoidance plan against the catalogue (issue 28), run by the plan worker
 * (workers/plan/plan-worker.ts) off the server's event loop. The primary's post-burn track is its SGP4 track plus the burn's effect
 * (core avoidance postBurnTrack); core screening's screenNear finds every approach of that track
 * within the threshold over the window, with the recall of the screener; each approach gets the
 * product's risk assessment (the element-set covariance model, CARA's method choice), as the fleet
 * screening's approaches do. Each is then compared with the same pair's approach without the burn.
 */
import type { PlanConjunction, PlanResult } from '../../contracts/avoidance.ts';
import { postBurnTrack, type StateAt } from '../../core/avoidance/index.ts';
import { createSgp4, propagateAt } from '../../core/propagation/index.ts';
import { assessRiskWithFallback, riskSubjectOf, screenNear, trackApproach, type CloseApproach, type ScreeningSubject } from '../../core/screening/index.ts';
import { utcMs } from '../../core/units.ts';
import type { PlanJob } from '../workers/plan/plan-protocol.ts';

/** Pcs within 1 % are the same estimate (the screening's own rule for a changed estimate, operations/conjunction-write.ts). */
const differs = (a: number, b: number) => Math.abs(a - b) > Math.max(1e-12, 0.01 * Math.max(Math.abs(a), Math.abs(b)));

/** The catalogue's screening subjects (SGP4 started once per element set; 26,000 take ~1.5 s). */
export function planSubjects(catalogue: PlanJob['catalogue']): { subjects: ScreeningSubject[]; setOf: Map<number, PlanJob['catalogue'][number]> } {
  const subjects: ScreeningSubject[] = [];
  const setOf = new Map<number, PlanJob['catalogue'][number]>();
  for (const set of catalogue) {
    try {
      subjects.push({ norad: set.norad, model: createSgp4(set) });
      setOf.set(set.norad, set);
    } catch {
      // An element set SGP4 cannot start from is not screened (as the fleet screening skips it).
    }
  }
  return { subjects, setOf };
}

export function screenPlan(job: PlanJob, prepared: ReturnType<typeof planSubjects> = planSubjects(job.catalogue)): { result: PlanResult; acceptable: boolean; reason: string } {
  const { setOf } = prepared;
  const subjects = prepared.subjects.filter((s) => s.norad !== job.reference.norad);
  const referenceModel = createSgp4(job.reference);
  const reference: StateAt = (t) => {
    const s = propagateAt(referenceModel, utcMs(t));
    return s.ok ? { r: [s.r[0], s.r[1], s.r[2]], v: [s.v[0], s.v[1], s.v[2]] } : undefined;
  };
  const track = postBurnTrack(reference, job.burnMs, job.dvRtnMps, job.windowEndMs + 3_600_000);
  const primary = { norad: job.reference.norad, model: referenceModel };
  // Day-long slices: the along-track drift of a burn grows by the day, and so does the bound screened at.
  const outcome = screenNear({ reference: primary, track, secondaries: subjects, window: { start: utcMs(job.windowStartMs), end: utcMs(job.windowEndMs) }, thresholdKm: job.thresholdKm, sliceMs: 86_400_000 });
  const risk = (a: CloseApproach) => {
    const sec = setOf.get(a.secondary)!;
    return assessRiskWithFallback({ ...a, primary: job.reference.norad }, riskSubjectOf(job.reference, job.objectTypes[job.reference.norad]), riskSubjectOf(sec, job.objectTypes[a.secondary]));
  };
  // The same pairs without the burn: the element set's approaches within the threshold.
  const before = outcome.reference.approaches.filter((a) => a.missDistanceKm < job.thresholdKm);
  const conjunctions: PlanConjunction[] = outcome.approaches.map((a) => {
    const r = risk(a);
    const match = before.filter((b) => b.secondary === a.secondary).sort((x, y) => Math.abs(x.tca - a.tca) - Math.abs(y.tca - a.tca))[0];
    const near = match && Math.abs(match.tca - a.tca) < 1_800_000 ? match : undefined;
    const beforePc = near ? risk(near).pc : null;
    const pc = r.pc;
    const change: PlanConjunction['change'] = !near ? 'new' : differs(pc ?? 0, beforePc ?? 0) ? ((pc ?? 0) > (beforePc ?? 0) ? 'worse' : 'better') : 'same';
    return {
      secondaryNorad: a.secondary,
      secondaryName: job.names[a.secondary] ?? String(a.secondary),
      tca: new Date(a.tca).toISOString(),
      missKm: a.missDistanceKm,
      relativeSpeedKmS: a.relativeSpeedKmS,
      pc,
      pcMethod: r.pcMethod,
      maxPc: r.maxPc,
      riskLevel: r.riskLevel,
      change,
      before: near ? { tca: new Date(near.tca).toISOString(), missKm: near.missDistanceKm, pc: beforePc } : null,
    };
  });
  // The plan's own event after the burn: in the list, or searched within a quarter orbit of its TCA.
  const eventSecondary = subjects.find((s) => s.norad === job.event.secondary);
  const periodMs = (86_400_000 / job.reference.meanMotion) * 1;
  let after: PlanResult['event']['after'] = null;
  const listed = conjunctions.find((c) => c.secondaryNorad === job.event.secondary && Math.abs(Date.parse(c.tca) - job.event.tcaMs) < periodMs / 4);
  if (listed) after = { tca: listed.tca, missKm: listed.missKm, pc: listed.pc, pcMethod: listed.pcMethod };
  else if (eventSecondary && job.event.tcaMs > job.burnMs) {
    const a = trackApproach(track, eventSecondary, job.event.tcaMs, periodMs / 4);
    if (a) {
      const r = risk(a);
      after = { tca: new Date(a.tca).toISOString(), missKm: a.missDistanceKm, pc: r.pc, pcMethod: r.pcMethod };
    }
  }
  const others = conjunctions.filter((c) => !(c.secondaryNorad === job.event.secondary && Math.abs(Date.parse(c.tca) - job.event.tcaMs) < periodMs / 4));
  const created = others.filter((c) => c.change === 'new' || c.change === 'worse');
  const worstNewPc = created.length === 0 ? null : Math.max(...created.map((c) => c.pc ?? 0));
  const problems: string[] = [];
  if (after && after.pc !== null && after.pc > job.targetPc) problems.push(`the event's Pc after the burn, ${after.pc.toExponential(2)}, is above the target ${job.targetPc}`);
  for (const c of created.filter((x) => (x.pc ?? 0) > job.targetPc)) problems.push(`it ${c.change === 'new' ? 'creates' : 'worsens'} a conjunction with ${c.secondaryName} (${c.secondaryNorad}) at ${c.tca}, Pc ${(c.pc ?? 0).toExponential(2)}`);
  const acceptable = problems.length === 0;
  const reason = acceptable
    ? `Acceptable: the event's Pc after the burn is ${after === null || after.pc === null ? 'below any threshold (no approach within a quarter orbit)' : after.pc.toExponential(2)}, and no conjunction the plan creates or worsens exceeds ${job.targetPc}.`
    : `Not acceptable: ${problems.join('; ')}.`;
  return {
    result: {
      maxDeviationKm: outcome.maxDeviationKm,
      event: { secondaryNorad: job.event.secondary, before: { tca: new Date(job.event.tcaMs).toISOString(), missKm: job.event.missKm, pc: job.event.pc, pcMethod: job.event.pcMethod }, after },
      conjunctions,
      worstNewPc,
    },
    acceptable,
    reason,
  };
}

