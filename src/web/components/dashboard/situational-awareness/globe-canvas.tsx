import { useEffect, useRef, useState } from 'react';
import type { Regime } from './globe-math';
import { GlobeScene, webglAvailable, type GlobeStatus, type PickedObject } from './globe-scene';

export interface GlobeCanvasProps {
  regime: Regime;
  scale: number;
  hio: ReadonlySet<number>;
  conjunction: ReadonlySet<number>;
  onHover: (picked: PickedObject | null) => void;
  onSelect: (picked: PickedObject | null) => void;
  onStatus: (status: GlobeStatus) => void;
}

/** Shown instead of the globe when the browser gives no WebGL context. */
export const NO_WEBGL_TEXT = 'The 3D orbital view needs WebGL, which this browser has turned off or does not support.';

/**
 * The globe's canvas (this module and three.js load only when the 3D tab is
 * shown). The scene lives as long as the canvas; the props are pushed into it.
 */
export default function GlobeCanvas({ regime, scale, hio, conjunction, onHover, onSelect, onStatus }: GlobeCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<GlobeScene | null>(null);
  const [failure, setFailure] = useState<string | null>(() => (webglAvailable() ? null : NO_WEBGL_TEXT));
  // The latest callbacks, so the scene (created once) always calls the current ones.
  const callbacks = useRef({ onHover, onSelect, onStatus });
  useEffect(() => {
    callbacks.current = { onHover, onSelect, onStatus };
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || failure) return;
    let scene: GlobeScene;
    try {
      scene = new GlobeScene(canvas, {
        onHover: (p) => callbacks.current.onHover(p),
        onSelect: (p) => callbacks.current.onSelect(p),
        onStatus: (s) => callbacks.current.onStatus(s),
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
  }, [failure]);

  useEffect(() => {
    if (failure) callbacks.current.onStatus({ drawn: { LEO: 0, MEO: 0, GEO: 0 }, total: 0, ready: false, error: null, noWebgl: true });
  }, [failure]);
  useEffect(() => sceneRef.current?.setRegime(regime), [regime, failure]);
  useEffect(() => sceneRef.current?.setScale(scale), [scale, failure]);
  useEffect(() => sceneRef.current?.setHighlights(hio, conjunction), [hio, conjunction, failure]);

  if (failure) {
    return (
      <div role="alert" className="flex h-full items-center justify-center p-6 text-center text-sm text-muted-foreground">
        {failure}
      </div>
    );
  }
  return <canvas ref={canvasRef} aria-label="3D orbital view: the catalogue around the globe" className="block h-full w-full cursor-crosshair" />;
}
