import { Maximize } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ConjunctionDetail } from '@contracts/conjunction-events.ts';
import type { GlobeFilter } from '@/components/dashboard/situational-awareness/globe-math';
import type { GlobeStatus, PairScreen, PickedObject } from '@/components/dashboard/situational-awareness/globe-protocol';
import type { GlobeCatalogInfo } from '@/components/dashboard/situational-awareness/globe-scene';
import { GlobeHoverTooltip, GlobeLegend, GlobeLoading } from '@/components/dashboard/situational-awareness/orbital-view';
import { ObjectSearchBox } from '@/components/layout/global-search';
import { useNow } from '@/components/sst/use-now';
import { Button } from '@/components/ui/button';
import { PairLabels, type PairLabelsHandle } from '@/components/visualization/pair-labels';
import { PairLegend } from '@/components/visualization/pair-legend';
import { PlanLoader, type PlanView } from '@/components/visualization/plan-view';
import { TimeControls } from '@/components/visualization/time-controls';
import { useSimTime } from '@/components/visualization/use-sim-time';
import { VisualizationFilters, type VisualizationFilterValues } from '@/components/visualization/visualization-filters';
import { ConjunctionPanel, SelectedObjectPanel } from '@/components/visualization/visualization-panels';
import { errorMessage } from '@/lib/error-message';
import { keepInWindow, liveClock, pauseClock, playClock, seekClock, setClockRate, timeWindow, windowAnchor, type SimClock } from '@/lib/sim-clock';
import { clockOf, parseVisualizationSearch, timeStateOf, visualizationSearch } from '@/lib/visualization-state';
import { useConjunctionDetail } from '@/queries/conjunction-events';
import { useActiveConjunctions } from '@/queries/conjunctions';
import { useHighInterestObjects } from '@/queries/high-interest-objects';

// three.js, the world atlas and the worker load with this page (and the dashboard's 3D tab) only.
const GlobeCanvas = lazy(() => import('@/components/dashboard/situational-awareness/globe-canvas'));

/** While time plays (and is not real time), the URL's `t` is brought up to date this often. */
const URL_REFRESH_MS = 1000;

const integer = (n: number) => n.toLocaleString('en-US');

interface Pair {
  primary: number;
  secondary: number;
  focusAtMs: number | null;
}

/** The avoidance plan a conjunction's URL names (?plan=ID, from the alert page's plans): its id, or null. */
function planOf(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('plan'));
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The view's query string with the plan after the conjunction (lib/visualization-state.ts writes the rest). */
function withPlan(search: string, planId: number | null): string {
  if (planId === null || !search.startsWith('?conjunction=')) return search;
  return search.replace(/^\?conjunction=[^&]*/, (c) => `${c}&plan=${planId}`);
}

/** Reads one conjunction (GET /api/conjunctions/{id}) and hands it up; renders nothing itself. */
function ConjunctionLoader({ id, onLoaded, onError }: { id: string; onLoaded: (event: ConjunctionDetail) => void; onError: (message: string) => void }) {
  const { data, error } = useConjunctionDetail(id);
  useEffect(() => {
    if (data) onLoaded(data);
  }, [data, onLoaded]);
  useEffect(() => {
    if (error) onError(errorMessage(error) ?? 'Unknown error');
  }, [error, onError]);
  return null;
}

/**
 * The 3D view in time (/visualization, issue 14 item 3): the dashboard's globe full screen with a
 * simulation clock (play, pause, ×1 … ×1000, a slider over ±7 days, 'Now'), filters by regime,
 * object type and owner, a search that highlights an object and draws its orbit, the clicked
 * object's panel with a link to its page, and conjunction mode (?conjunction=ID: both objects,
 * their orbits and the miss vector at TCA). The URL holds the view (lib/visualization-state.ts).
 *
 * Conjunction mode picks the pair out of the crowd (issue 28 item 7): the two drawn large in their
 * colours, labelled with name and NORAD id (HTML over the canvas, placed where the scene draws
 * them), every other object dimmed, and a legend saying which colour is which; leaving it restores
 * the catalogue's colours. With ?plan=PLAN_ID as well, the plan's post-burn track of the primary
 * (read from its OEM) is drawn in a third colour for one orbit either side of TCA.
 */
export default function VisualizationPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const [initial] = useState(() => parseVisualizationSearch(search));
  const [clock, setClock] = useState<SimClock>(() => clockOf(initial, Date.now()));
  const [anchorMs, setAnchorMs] = useState(() => windowAnchor(Date.now(), initial.t));
  const [filters, setFilters] = useState<VisualizationFilterValues>({ regimes: initial.regimes, types: initial.types, owner: initial.owner });
  const [selected, setSelected] = useState<{ norad: number; focus: boolean } | null>(initial.object === null ? null : { norad: initial.object, focus: true });
  const [picked, setPicked] = useState<PickedObject | null>(null);
  const [hovered, setHovered] = useState<PickedObject | null>(null);
  const [status, setStatus] = useState<GlobeStatus>({ drawn: { LEO: 0, MEO: 0, GEO: 0 }, total: 0, ready: false, error: null });
  const [catalogInfo, setCatalogInfo] = useState<GlobeCatalogInfo | null>(null);
  const [cameraResets, setCameraResets] = useState(0);
  const [conjunctionId, setConjunctionId] = useState(initial.conjunction);
  const [event, setEvent] = useState<ConjunctionDetail | null>(null);
  const [eventError, setEventError] = useState<string | null>(null);
  const [pair, setPair] = useState<Pair | null>(null);
  const [planId, setPlanId] = useState(() => (initial.conjunction === null ? null : planOf(search)));
  const [planView, setPlanView] = useState<PlanView | null>(null);
  const labels = useRef<PairLabelsHandle>(null);
  /** The plan whose track has been shown once at TCA (the camera is brought to take it in, once). */
  const planFocusedFor = useRef<number | null>(null);
  const clockNow = useRef(clock);
  useEffect(() => {
    clockNow.current = clock;
  }, [clock]);
  /** The conjunction the view has jumped to (once per event, not at every re-read). */
  const openedFor = useRef<string | null>(null);

  const simMs = useSimTime(clock);
  const nowMs = useNow(1000);
  const span = useMemo(() => timeWindow(anchorMs), [anchorMs]);

  const hios = useHighInterestObjects();
  const active = useActiveConjunctions();
  const hioIds = useMemo(() => new Set((hios.data ?? []).map((h) => h.satelliteId)), [hios.data]);
  const conjunctionIds = useMemo(() => new Set((active.data ?? []).map((c) => c.secondaryObject.noradId)), [active.data]);
  const globeFilter: GlobeFilter = filters;

  // Conjunction mode: once the event is read, jump to its TCA (unless the URL gave a time) and zoom to it.
  const onEventLoaded = useCallback(
    (loaded: ConjunctionDetail) => {
      setEvent(loaded);
      setEventError(null);
      if (openedFor.current === loaded.conjunctionId) return;
      openedFor.current = loaded.conjunctionId;
      const wall = Date.now();
      const opening = initial.t === null ? { ...liveClock(wall), epochMs: Date.parse(loaded.tca), rate: initial.speed, playing: false } : clockOf(initial, wall);
      setClock(opening);
      setAnchorMs(windowAnchor(wall, opening.epochMs));
      setPair({ primary: loaded.primaryObject.noradId, secondary: loaded.secondaryObject.noradId, focusAtMs: opening.playing ? null : opening.epochMs });
    },
    [initial],
  );
  const onEventError = useCallback((message: string) => setEventError(message), []);
  const tcaMs = event ? Date.parse(event.tca) : null;
  const onPlan = useCallback(
    (view: PlanView) => {
      setPlanView(view);
      // Its track first drawn while the view stands at TCA: zoom again so the post-burn position is in view too.
      if (view.state !== 'drawn' || planFocusedFor.current === view.planId || !event) return;
      planFocusedFor.current = view.planId;
      const tca = Date.parse(event.tca);
      const c = clockNow.current;
      if (!c.playing && c.epochMs === tca) setPair({ primary: event.primaryObject.noradId, secondary: event.secondaryObject.noradId, focusAtMs: tca });
    },
    [event],
  );
  const onPairScreen = useCallback((at: PairScreen | null) => labels.current?.place(at), []);
  const backToTca = () => {
    if (!event || tcaMs === null) return;
    setClock((c) => pauseClock(seekClock(c, tcaMs, Date.now()), Date.now()));
    setAnchorMs(windowAnchor(Date.now(), tcaMs));
    setPair({ primary: event.primaryObject.noradId, secondary: event.secondaryObject.noradId, focusAtMs: tcaMs });
  };
  const leaveConjunction = () => {
    openedFor.current = null;
    setConjunctionId(null);
    setEvent(null);
    setPair(null);
    setEventError(null);
    setPlanId(null);
    setPlanView(null);
    planFocusedFor.current = null;
    setCameraResets((n) => n + 1);
  };

  const onSelect = useCallback((p: PickedObject | null) => {
    setPicked(p);
    setSelected((before) => (p === null ? null : before?.norad === p.norad ? before : { norad: p.norad, focus: false }));
  }, []);
  const pick = (norad: number) => {
    setPicked(null);
    setSelected({ norad, focus: true });
  };
  const onCatalog = useCallback((info: GlobeCatalogInfo) => setCatalogInfo(info), []);
  const onStatus = useCallback((s: GlobeStatus) => setStatus(s), []);
  const inView = (norad: number) => catalogInfo === null || catalogInfo.has(norad);

  // A clock playing past either end of the slider stops there.
  useEffect(() => {
    if (!clock.playing) return;
    const id = setInterval(() => setClock((c) => keepInWindow(c, span, Date.now())), 250);
    return () => clearInterval(id);
  }, [clock.playing, span]);

  // The URL follows the view (replacing the entry: a view is one place in the history).
  const [urlTick, setUrlTick] = useState(0);
  useEffect(() => {
    if (!clock.playing) return;
    const id = setInterval(() => setUrlTick((n) => n + 1), URL_REFRESH_MS);
    return () => clearInterval(id);
  }, [clock.playing]);
  useEffect(() => {
    const next = withPlan(visualizationSearch({ ...filters, ...timeStateOf(clock, Date.now()), object: selected?.norad ?? null, conjunction: conjunctionId }), planId);
    if (next !== (search ? `?${search}` : '')) navigate(`/visualization${next}`, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `search` is what this writes; reading it again must not write again
  }, [clock, filters, selected?.norad, conjunctionId, planId, urlTick, navigate]);

  const shown = status.shown ?? status.drawn.LEO + status.drawn.MEO + status.drawn.GEO;
  const planTrack = planView?.state === 'drawn' ? planView.track : null;
  const full = useMemo(
    () => ({ clock, filter: globeFilter, selected, conjunction: pair, cameraResets, onCatalog, plan: planTrack, onPairScreen }),
    [clock, globeFilter, selected, pair, cameraResets, onCatalog, planTrack, onPairScreen],
  );
  const atTca = !clock.playing && tcaMs !== null && Math.abs(simMs - tcaMs) < 1;

  return (
    // The window under the top bar (h-14 and its 1 px border): no page scroll, the globe's canvas fills it.
    <div className="relative h-[calc(100dvh-3.5rem-1px)] overflow-hidden bg-[radial-gradient(ellipse_at_center,#0f1b33_0%,#05070d_75%)]" data-testid="visualization">
      <Suspense fallback={<GlobeLoading />}>
        <GlobeCanvas regime="LEO" scale={1} hio={hioIds} conjunction={conjunctionIds} onHover={setHovered} onSelect={onSelect} onStatus={onStatus} full={full} />
      </Suspense>
      {event && pair && <PairLabels ref={labels} event={event} plan={planView} />}
      {hovered && <GlobeHoverTooltip hovered={hovered} />}

      <div className="pointer-events-none absolute inset-x-3 top-3 flex items-start justify-between gap-3">
        <div className="pointer-events-auto w-64 space-y-3">
          <div className="rounded-lg border bg-card/95 p-3 shadow-lg backdrop-blur">
            <h1 className="text-lg font-bold tracking-tight">3D Visualization</h1>
            {!status.noWebgl && (
              <p className="text-xs text-muted-foreground" aria-live="polite" data-testid="globe-status">
                {status.error
                  ? `Catalogue unavailable: ${status.error}`
                  : status.ready
                    ? `${integer(shown)} objects shown of ${integer(status.total)} in the catalogue`
                    : 'Propagating the catalogue...'}
              </p>
            )}
          </div>
          <VisualizationFilters value={filters} onChange={setFilters} owners={catalogInfo?.owners ?? []} />
        </div>
        <div className="pointer-events-auto w-80 space-y-3">
          <div className="flex gap-2">
            <ObjectSearchBox label="Find an object" placeholder="Find an object in the view" onPick={pick} className="w-auto flex-1" />
            <Button variant="outline" size="sm" className="h-9" aria-label="Reset view" title="Reset view: the whole globe" onClick={() => setCameraResets((n) => n + 1)}>
              <Maximize aria-hidden="true" />
            </Button>
          </div>
          {conjunctionId !== null && !event && (
            <p role={eventError ? 'alert' : 'status'} className="rounded-lg border bg-card/95 p-3 text-sm shadow-lg">
              {eventError ? `Conjunction ${conjunctionId}: ${eventError}` : `Loading conjunction ${conjunctionId}...`}
            </p>
          )}
          {event && (
            <ConjunctionPanel
              event={event}
              drawnKm={status.pairKm ?? null}
              inView={{ primary: inView(event.primaryObject.noradId), secondary: inView(event.secondaryObject.noradId) }}
              atTca={atTca}
              onTca={backToTca}
              onClose={leaveConjunction}
              plan={planView}
            />
          )}
          {selected && <SelectedObjectPanel object={picked?.norad === selected.norad ? picked : null} norad={selected.norad} ready={status.ready} onClose={() => onSelect(null)} />}
        </div>
      </div>

      <div className="pointer-events-none absolute inset-x-3 bottom-3 space-y-2">
        {event && pair ? (
          <PairLegend className="pointer-events-auto w-fit" event={event} plan={planView} atTca={atTca} />
        ) : (
          <GlobeLegend className="pointer-events-auto w-fit rounded-md bg-background/70 px-2 py-1" />
        )}
        <TimeControls
          className="pointer-events-auto"
          clock={clock}
          simMs={simMs}
          nowMs={nowMs}
          window={span}
          onPlay={() => setClock((c) => playClock(c, Date.now()))}
          onPause={() => setClock((c) => pauseClock(c, Date.now()))}
          onSpeed={(rate) => setClock((c) => setClockRate(c, rate, Date.now()))}
          onSeek={(ms) => setClock((c) => seekClock(c, ms, Date.now()))}
          onNow={() => {
            const now = Date.now();
            setClock(liveClock(now));
            setAnchorMs(now);
          }}
        />
      </div>
      {conjunctionId !== null && <ConjunctionLoader id={conjunctionId} onLoaded={onEventLoaded} onError={onEventError} />}
      {conjunctionId !== null && planId !== null && event && tcaMs !== null && <PlanLoader conjunctionId={conjunctionId} planId={planId} tcaMs={tcaMs} onChange={onPlan} />}
    </div>
  );
}
