import { useEffect, useRef, useState } from 'react';
import type { SimClock } from '@/lib/sim-clock';
import type { GlobeFilter, Regime } from './globe-math';
import { GlobeScene, webglAvailable, type GlobeCatalogInfo, type GlobeStatus, type PairScreen, type PickedObject, type PlanTrack } from './globe-scene';

/** The view in time (/visualization): what the page drives besides the card's props. */
export interface FullViewProps {
  clock: SimClock;
  filter: GlobeFilter;
  /** The selected object (search, URL, click); `focus` turns the camera to it when it changes. */
  selected: { norad: number; focus: boolean } | null;
  /** A conjunction's objects; `focusAtMs`: zoom to them when the positions of that time are drawn. */
  conjunction: { primary: number; secondary: number; focusAtMs: number | null } | null;
  /** Changing it puts the camera back on the whole globe. */
  cameraResets: number;
  onCatalog: (info: GlobeCatalogInfo) => void;
  /** Conjunction mode: an avoidance plan's post-burn track of the primary (absent or null: none). */
  plan?: PlanTrack | null;
  /** Conjunction mode: where the pair is drawn, for labels over the canvas (see GlobeSceneOptions). */
  onPairScreen?: (at: PairScreen | null) => void;
}

export interface GlobeCanvasProps {
  regime: Regime;
  scale: number;
  hio: ReadonlySet<number>;
  conjunction: ReadonlySet<number>;
  onHover: (picked: PickedObject | null) => void;
  onSelect: (picked: PickedObject | null) => void;
  onStatus: (status: GlobeStatus) => void;
  /** Present: the full view in time (mode 'full', see globe-scene.ts); absent: the dashboard card. */
  full?: FullViewProps;
}

/** Shown instead of the globe when the browser gives no WebGL context. */
export const NO_WEBGL_TEXT = 'The 3D orbital view needs WebGL, which this browser has turned off or does not support.';

/**
 * The globe's canvas (this module and three.js load only when the 3D tab is
 * shown). The scene lives as long as the canvas; the props are pushed into it.
 */
export default function GlobeCanvas({ regime, scale, hio, conjunction, onHover, onSelect, onStatus, full }: GlobeCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<GlobeScene | null>(null);
  const [failure, setFailure] = useState<string | null>(() => (webglAvailable() ? null : NO_WEBGL_TEXT));
  // The latest callbacks, so the scene (created once) always calls the current ones.
  const callbacks = useRef({ onHover, onSelect, onStatus, onCatalog: full?.onCatalog, onPairScreen: full?.onPairScreen });
  useEffect(() => {
    callbacks.current = { onHover, onSelect, onStatus, onCatalog: full?.onCatalog, onPairScreen: full?.onPairScreen };
  });
  // The mode is fixed for the canvas's life.
  const [mode] = useState<'card' | 'full'>(full ? 'full' : 'card');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || failure) return;
    let scene: GlobeScene;
    try {
      scene = new GlobeScene(canvas, {
        onHover: (p) => callbacks.current.onHover(p),
        onSelect: (p) => callbacks.current.onSelect(p),
        onStatus: (s) => callbacks.current.onStatus(s),
        onCatalog: (info) => callbacks.current.onCatalog?.(info),
        onPairScreen: (at) => callbacks.current.onPairScreen?.(at),
        mode,
      });
    } catch (error) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a WebGL context refused at creation is only known here
      setFailure(`${NO_WEBGL_TEXT} (${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    sceneRef.current = scene;
    return () => {
      scene.dispose();
      sceneRef.current = null;
    };
  }, [failure, mode]);

  useEffect(() => {
    if (failure) callbacks.current.onStatus({ drawn: { LEO: 0, MEO: 0, GEO: 0 }, total: 0, ready: false, error: null, noWebgl: true });
  }, [failure]);
  useEffect(() => sceneRef.current?.setRegime(regime), [regime, failure]);
  useEffect(() => sceneRef.current?.setScale(scale), [scale, failure]);
  useEffect(() => sceneRef.current?.setHighlights(hio, conjunction), [hio, conjunction, failure]);
  const clock = full?.clock;
  const filter = full?.filter;
  const selectedNorad = full?.selected?.norad ?? null;
  const focusSelected = full?.selected?.focus ?? false;
  const pair = full?.conjunction ?? null;
  const cameraResets = full?.cameraResets ?? 0;
  const plan = full?.plan ?? null;
  useEffect(() => {
    if (clock) sceneRef.current?.setClock(clock);
  }, [clock, failure]);
  useEffect(() => {
    if (filter) sceneRef.current?.setFilter(filter);
  }, [filter, failure]);
  useEffect(() => {
    if (mode === 'full') sceneRef.current?.select(selectedNorad, focusSelected);
  }, [mode, selectedNorad, focusSelected, failure]);
  useEffect(() => {
    if (mode === 'full') sceneRef.current?.setConjunction(pair);
  }, [mode, pair, failure]);
  useEffect(() => {
    if (mode === 'full') sceneRef.current?.setPlanTrack(plan);
  }, [mode, plan, failure]);
  useEffect(() => {
    if (cameraResets > 0) sceneRef.current?.resetCamera();
  }, [cameraResets, failure]);

  if (failure) {
    return (
      <div role="alert" className="flex h-full items-center justify-center p-6 text-center text-sm text-muted-foreground">
        {failure}
      </div>
    );
  }
  return <canvas ref={canvasRef} aria-label="3D orbital view: the catalogue around the globe" className="block h-full w-full cursor-crosshair" />;
}
