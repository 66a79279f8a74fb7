import { OBJECT_CLASSES } from '@contracts/catalog-elements.ts';
import type { ObjectType } from '@core/catalog/index.ts';
import { REGIMES, type Regime } from '@/components/dashboard/situational-awareness/globe-math';
import { isLive, liveClock, MAX_SPEED, simTimeAt, SPEEDS, type SimClock } from '@/lib/sim-clock';

/*
 * The 3D view in time (/visualization, issue 14) as a URL, so a view can be shared: opening the
 * URL restores it. Defaults are left out; anything the URL holds that is not valid is ignored.
 *
 *   object=25544                  the selected object (its panel, ring and orbit)
 *   t=2026-11-27T07:19:35.988Z    simulated time (absent: now)
 *   speed=1000                    ×1 … ×1000 (absent: ×1)
 *   paused=1                      time stands still (absent: it plays)
 *   regimes=LEO,GEO               regimes shown (absent: all)
 *   types=payload,debris          object types shown (absent: all)
 *   owner=PRC                     one owner's objects only (absent: every owner)
 *   conjunction=CNJ-2026-001      conjunction mode: both objects, their orbits and the miss vector
 *                                 (without t, the view opens at the TCA)
 */

/** SATCAT object types the type filter offers (the feed's classes without the fleet). */
export const OBJECT_TYPES = OBJECT_CLASSES.filter((c): c is ObjectType => c !== 'fleet');

export interface VisualizationState {
  object: number | null;
  /** Simulated time, Unix ms; null: now (real time). */
  t: number | null;
  speed: number;
  paused: boolean;
  /** In REGIMES order; all three: no regime filter. */
  regimes: Regime[];
  /** In OBJECT_TYPES order; all four: no type filter. */
  types: ObjectType[];
  owner: string | null;
  conjunction: string | null;
}

export const DEFAULT_VISUALIZATION: VisualizationState = {
  object: null,
  t: null,
  speed: 1,
  paused: false,
  regimes: [...REGIMES],
  types: [...OBJECT_TYPES],
  owner: null,
  conjunction: null,
};

/** Longest owner code and conjunction id the URL may carry (owner codes are a few letters; ids 'CNJ-2026-001'). */
const MAX_TEXT = 64;
const MAX_NORAD = 999_999_999;

/** The listed values of `allowed` named in a comma-separated list, in `allowed`'s order; all of them when none is. */
function pickList<T extends string>(text: string | null, allowed: readonly T[]): T[] {
  if (text === null) return [...allowed];
  const named = new Set(text.split(','));
  const picked = allowed.filter((a) => named.has(a));
  return picked.length > 0 ? picked : [...allowed];
}

function text(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed !== '' && trimmed.length <= MAX_TEXT ? trimmed : null;
}

/** The view a query string ('?object=…&t=…' or without '?') describes. */
export function parseVisualizationSearch(search: string): VisualizationState {
  const q = new URLSearchParams(search);
  const object = Number(q.get('object'));
  const t = q.get('t') === null ? Number.NaN : Date.parse(q.get('t')!);
  const speed = Number(q.get('speed'));
  return {
    object: Number.isInteger(object) && object > 0 && object <= MAX_NORAD ? object : null,
    t: Number.isFinite(t) ? t : null,
    speed: (SPEEDS as readonly number[]).includes(speed) ? speed : Number.isInteger(speed) && speed >= 1 && speed <= MAX_SPEED ? speed : 1,
    paused: q.get('paused') === '1' || q.get('paused') === 'true',
    regimes: pickList(q.get('regimes'), REGIMES),
    types: pickList(q.get('types'), OBJECT_TYPES),
    owner: text(q.get('owner')),
    conjunction: text(q.get('conjunction')),
  };
}

/** The query string of a view ('' for the default view, else '?…'), defaults left out. */
export function visualizationSearch(state: VisualizationState): string {
  const q = new URLSearchParams();
  if (state.conjunction !== null) q.set('conjunction', state.conjunction);
  if (state.object !== null) q.set('object', String(state.object));
  if (state.t !== null) q.set('t', new Date(state.t).toISOString());
  if (state.speed !== 1) q.set('speed', String(state.speed));
  if (state.paused) q.set('paused', '1');
  if (state.regimes.length < REGIMES.length) q.set('regimes', state.regimes.join(','));
  if (state.types.length < OBJECT_TYPES.length) q.set('types', state.types.join(','));
  if (state.owner !== null) q.set('owner', state.owner);
  const s = q.toString();
  return s === '' ? '' : `?${s.replace(/%2C/g, ',').replace(/%3A/g, ':')}`;
}

/** The page's path for a view ('/visualization?…'). */
export const visualizationPath = (state: Partial<VisualizationState>) => `/visualization${visualizationSearch({ ...DEFAULT_VISUALIZATION, ...state })}`;

/** A list with `item` toggled, kept in `order`'s order; never empty (toggling the last one off leaves it on). */
export function toggleInList<T>(list: readonly T[], item: T, order: readonly T[]): T[] {
  const next = list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
  return next.length === 0 ? [...list] : order.filter((x) => next.includes(x));
}

/** The clock a view opens with at wall time `wallMs`: at `t` (else now), at its speed, playing unless paused. */
export function clockOf(state: Pick<VisualizationState, 't' | 'speed' | 'paused'>, wallMs: number): SimClock {
  return { ...liveClock(wallMs), epochMs: state.t ?? wallMs, rate: state.speed, playing: !state.paused };
}

/** The time part of the URL for a clock read at `wallMs`: no `t` while it shows real time. */
export function timeStateOf(clock: SimClock, wallMs: number): Pick<VisualizationState, 't' | 'speed' | 'paused'> {
  return { t: isLive(clock, wallMs) ? null : Math.round(simTimeAt(clock, wallMs)), speed: clock.rate, paused: !clock.playing };
}
