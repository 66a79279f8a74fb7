import type { MonteCarloCheck } from '@contracts/conjunction-events.ts';
import { formatPc } from '@/lib/conjunction-format';
import { formatGrouped } from '@/lib/format';

/*
 * The Monte Carlo check card's words and numbers (issue 27): progress, the window about TCA, the
 * interval, how the run stopped, where the analytic Pc lies, and whether the method choice calls
 * for a Monte Carlo.
 */

export type MonteCarloResult = NonNullable<MonteCarloCheck['result']>;

/** What the method choice writes in an event's note where it wants a Monte Carlo (core pc-multistep.ts). */
const CALLED_FOR_PHRASE = 'Monte Carlo is called for';

/**
 * Whether a Monte Carlo is called for, and why: the check's own `calledFor`, else the detail's
 * pcNote ('… A Monte Carlo is called for (3D-Nc’s own usage tests failed (offset)); …'), the
 * reason in its brackets when it has one. null when nothing calls for one.
 */
export function monteCarloCalledFor(check: MonteCarloCheck | null | undefined, pcNote: string | null): { reason: string | null } | null {
  if (check?.calledFor) return { reason: check.calledFor };
  const at = pcNote?.indexOf(CALLED_FOR_PHRASE) ?? -1;
  if (pcNote === null || at < 0) return null;
  return { reason: bracketed(pcNote, at + CALLED_FOR_PHRASE.length) };
}

/** The text inside the brackets that open at `from` (after spaces), nested brackets kept; null when there are none. */
function bracketed(text: string, from: number): string | null {
  let i = from;
  while (text[i] === ' ') i += 1;
  if (text[i] !== '(') return null;
  let depth = 0;
  for (let j = i; j < text.length; j += 1) {
    if (text[j] === '(') depth += 1;
    else if (text[j] === ')') {
      depth -= 1;
      if (depth === 0) return text.slice(i + 1, j).trim() || null;
    }
  }
  return null;
}

/** Trials counted as a share of the cap, 0-100. */
export function monteCarloPercent(check: Pick<MonteCarloCheck, 'samples' | 'maxSamples'>): number {
  if (!(check.maxSamples > 0)) return 0;
  return Math.min(100, Math.max(0, (100 * check.samples) / check.maxSamples));
}

/** '1,250,000 of 37,000,000 trials, 12 hits'. */
export function formatMonteCarloProgress(check: Pick<MonteCarloCheck, 'samples' | 'maxSamples' | 'hits'>): string {
  return `${formatGrouped(check.samples)} of ${formatGrouped(check.maxSamples)} trials, ${formatGrouped(check.hits)} ${check.hits === 1 ? 'hit' : 'hits'}`;
}

const tenths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Seconds from TCA with their sign: '−90 s', '+87.5 s', '0 s' (a true minus sign). */
export function formatSecondsFromTca(seconds: number): string {
  const rounded = Math.round(seconds * 10) / 10;
  if (rounded === 0) return '0 s';
  return `${rounded < 0 ? '−' : '+'}${tenths.format(Math.abs(rounded))} s`;
}

/** '−90 s to +90 s from TCA'. */
export function formatMonteCarloWindow(check: Pick<MonteCarloCheck, 'windowStartS' | 'windowEndS'>): string {
  return `${formatSecondsFromTca(check.windowStartS)} to ${formatSecondsFromTca(check.windowEndS)} from TCA`;
}

/** '95 %' of a confidence of 0.95. */
export function formatConfidence(confidence: number): string {
  return `${Number((confidence * 100).toPrecision(3))} %`;
}

/** The interval as '1.95e-2 – 2.05e-2'. */
export function formatInterval(result: Pick<MonteCarloResult, 'lower' | 'upper'>): string {
  return `${formatPc(result.lower)} – ${formatPc(result.upper)}`;
}

/** How the run ended: at the target precision (±5 % of the Pc) or at the cap of trials. */
export function formatStoppedBy(result: Pick<MonteCarloResult, 'stoppedBy'>, maxSamples: number): string {
  return result.stoppedBy === 'precision' ? 'At ±5 % of the Pc (precision reached)' : `At the cap of ${formatGrouped(maxSamples)} trials`;
}

/** Whether the analytic Pc lies inside the interval; null when the event has no analytic value. */
export function analyticInInterval(analyticPc: number | null, result: Pick<MonteCarloResult, 'lower' | 'upper'>): 'inside' | 'outside' | null {
  if (analyticPc === null || !Number.isFinite(analyticPc)) return null;
  return analyticPc >= result.lower && analyticPc <= result.upper ? 'inside' : 'outside';
}
