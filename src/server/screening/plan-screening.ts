/**
 * The screening of one avoidance plan against the catalogue (issue 28), run by the plan worker
 * (workers/plan/plan-worker.ts) off the server's event loop. The primary's post-burn track is its SGP4 track, or the
 * operator ephemeris the plan is made on (`referenceOem`), plus the burn's effect (core avoidance postBurnTrack); core screening's screenNear finds every approach of that track
 * within the threshold over the window, with the recall of the screener; each approach gets the
 * product's risk assessment (the element-set covariance model, CARA's method choice), as the fleet
 * screening's approaches do. Each is then compared with the same pair's approach without the burn
 * (the element set's, or on an ephemeris the ephemeris' own within half an hour).
 *
 * The work splits over the secondaries (workers/plan/plan-runner.ts runs one share of the catalogue
 * per thread): everything screenNear finds for a pair depends on that pair alone (the screener's
 * filters are pairwise; the deviation bound is the track's, the same in every share), and each step
 * after it looks at one secondary at a time — an approach's risk, its match among the same pair's
 * approaches without the burn (outcome.reference), the event's own approach (its secondary's share).
 * So a share's result (screenPlanShare) is the whole result restricted to its secondaries, and
 * mergePlanShares puts them back in screenNear's order (TCA, then NORAD id) and draws the
 * conclusions (created or worsened conjunctions, acceptability) on the whole list: the result is
 * the same as on one share (plan-screening.test.ts).
 */
import type { PlanConjunction, PlanResult } from '../../contracts/avoidance.ts';
import { postBurnTrack, sgp4StateAt, type StateAt } from '../../core/avoidance/index.ts';
import { oemTrack } from '../../core/ephemeris/index.ts';
import { createSgp4 } from '../../core/propagation/index.ts';
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

/** One share's part of a plan's result: its secondaries' conjunctions, and the event's after the burn where the share holds its secondary. */
export interface PlanShare {
  /** The bound on |post-burn track − element set| over the window, km (the track's: the same in every share). */
  readonly maxDeviationKm: number;
  /** In screenNear's order, each with its exact TCA (UTC ms; the ISO string drops the fraction of a ms) for the merge. */
  readonly conjunctions: readonly { readonly tcaMs: number; readonly conjunction: PlanConjunction }[];
  readonly after: PlanResult['event']['after'];
}

export interface PlanScreening {
  readonly result: PlanResult;
  readonly acceptable: boolean;
  readonly reason: string;
}

/** The plan screened against the whole catalogue in this thread (one share). */
export function screenPlan(job: PlanJob, prepared: ReturnType<typeof planSubjects> = planSubjects(job.catalogue)): PlanScreening {
  return mergePlanShares(job, [screenPlanShare(job, prepared)]);
}

/** The event's period / 4: how near its TCA an approach of its pair is the event's own. */
const quarterOrbitMs = (job: PlanJob) => 86_400_000 / job.reference.meanMotion / 4;

/** The plan screened against `job.catalogue`, a share of the catalogue (or all of it): see the file's comment. */
export function screenPlanShare(job: PlanJob, prepared: ReturnType<typeof planSubjects> = planSubjects(job.catalogue)): PlanShare {
  const { setOf } = prepared;
  const subjects = prepared.subjects.filter((s) => s.norad !== job.reference.norad);
  const referenceModel = createSgp4(job.reference);
  // The plan's trajectory without the burn: the operator's ephemeris where the plan is made on one
  // (issue 28: the burn's effect is added to the track that found the conjunction), else SGP4.
  const oem = job.referenceOem ? oemTrack(job.referenceOem).state : undefined;
  const reference: StateAt = oem ?? sgp4StateAt(referenceModel);
  const track = postBurnTrack(reference, job.burnMs, job.dvRtnMps, job.windowEndMs + 3_600_000);
  const primary = { norad: job.reference.norad, model: referenceModel };
  // Day-long slices: the along-track drift of a burn grows by the day, and so does the bound screened at.
  const outcome = screenNear({ reference: primary, track, secondaries: subjects, window: { start: utcMs(job.windowStartMs), end: utcMs(job.windowEndMs) }, thresholdKm: job.thresholdKm, sliceMs: 86_400_000 });
  const risk = (a: CloseApproach) => {
    const sec = setOf.get(a.secondary)!;
    return assessRiskWithFallback({ ...a, primary: job.reference.norad }, riskSubjectOf(job.reference, job.objectTypes[job.reference.norad]), riskSubjectOf(sec, job.objectTypes[a.secondary]));
  };
  // The same pairs without the burn: the element set's approaches within the threshold; on an
  // ephemeris, the ephemeris' own approach to the secondary within half an hour of the new one.
  const before = outcome.reference.approaches.filter((a) => a.missDistanceKm < job.thresholdKm);
  const subjectOf = new Map(subjects.map((s) => [s.norad, s]));
  const withoutBurn = (a: CloseApproach): CloseApproach | undefined => {
    if (oem) {
      const found = trackApproach(oem, subjectOf.get(a.secondary)!, a.tca, 1_800_000);
      return found && found.missDistanceKm < job.thresholdKm && Math.abs(found.tca - a.tca) < 1_800_000 ? { ...found, secondary: a.secondary } : undefined;
    }
    const match = before.filter((b) => b.secondary === a.secondary).sort((x, y) => Math.abs(x.tca - a.tca) - Math.abs(y.tca - a.tca))[0];
    return match && Math.abs(match.tca - a.tca) < 1_800_000 ? match : undefined;
  };
  const conjunctions = outcome.approaches.map((a) => {
    const r = risk(a);
    const near = withoutBurn(a);
    const beforePc = near ? risk(near).pc : null;
    const pc = r.pc;
    const change: PlanConjunction['change'] = !near ? 'new' : differs(pc ?? 0, beforePc ?? 0) ? ((pc ?? 0) > (beforePc ?? 0) ? 'worse' : 'better') : 'same';
    const conjunction: PlanConjunction = {
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
    return { tcaMs: a.tca, conjunction };
  });
  // The plan's own event after the burn: in the list, or searched within a quarter orbit of its TCA.
  const eventSecondary = subjects.find((s) => s.norad === job.event.secondary);
  const quarter = quarterOrbitMs(job);
  let after: PlanResult['event']['after'] = null;
  const listed = conjunctions.map((c) => c.conjunction).find((c) => c.secondaryNorad === job.event.secondary && Math.abs(Date.parse(c.tca) - job.event.tcaMs) < quarter);
  if (listed) after = { tca: listed.tca, missKm: listed.missKm, pc: listed.pc, pcMethod: listed.pcMethod };
  else if (eventSecondary && job.event.tcaMs > job.burnMs) {
    const a = trackApproach(track, eventSecondary, job.event.tcaMs, quarter);
    if (a) {
      const r = risk(a);
      after = { tca: new Date(a.tca).toISOString(), missKm: a.missDistanceKm, pc: r.pc, pcMethod: r.pcMethod };
    }
  }
  return { maxDeviationKm: outcome.maxDeviationKm, conjunctions, after };
}

/**
 * The plan's result from its shares' (each screenPlanShare on a share of the catalogue, every
 * secondary in exactly one): their conjunctions in screenPlanShare's order over the whole, then the
 * conclusions on them.
 */
export function mergePlanShares(job: PlanJob, shares: readonly PlanShare[]): PlanScreening {
  if (shares.length === 0) throw new Error('a plan screening needs at least one share');
  const conjunctions = shares
    .flatMap((s) => s.conjunctions)
    .sort((x, y) => x.tcaMs - y.tcaMs || x.conjunction.secondaryNorad - y.conjunction.secondaryNorad)
    .map((c) => c.conjunction);
  const after = shares.find((s) => s.after !== null)?.after ?? null;
  const quarter = quarterOrbitMs(job);
  const others = conjunctions.filter((c) => !(c.secondaryNorad === job.event.secondary && Math.abs(Date.parse(c.tca) - job.event.tcaMs) < quarter));
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
      maxDeviationKm: shares[0]!.maxDeviationKm,
      event: { secondaryNorad: job.event.secondary, before: { tca: new Date(job.event.tcaMs).toISOString(), missKm: job.event.missKm, pc: job.event.pc, pcMethod: job.event.pcMethod }, after },
      conjunctions,
      worstNewPc,
    },
    acceptable,
    reason,
  };
}

