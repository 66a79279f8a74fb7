import { Pause, Play, Rewind } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatRelativeTca, formatUtcDateTime } from '@/lib/conjunction-format';
import { clampToWindow, formatSpeed, SPEEDS, type SimClock, type TimeWindow } from '@/lib/sim-clock';
import { cn } from '@/lib/utils';

/** The slider moves in whole minutes. */
const SLIDER_STEP_MS = 60_000;

export interface TimeControlsProps {
  clock: SimClock;
  /** Simulated time now (useSimTime). */
  simMs: number;
  /** Real time now, for the slider's offset text. */
  nowMs: number;
  window: TimeWindow;
  onPlay: () => void;
  onPause: () => void;
  onSpeed: (rate: number) => void;
  onSeek: (simMs: number) => void;
  onNow: () => void;
  className?: string;
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * The view's time controls (issue 14): play and pause, the speeds ×1 to ×1000, a slider over
 * ±7 days, 'Now' (real time at ×1), and the simulated time in UTC.
 */
export function TimeControls({ clock, simMs, nowMs, window, onPlay, onPause, onSpeed, onSeek, onNow, className }: TimeControlsProps) {
  const value = clampToWindow(simMs, window);
  const offset = formatRelativeTca(isoOf(simMs), nowMs);
  return (
    <section aria-label="Time" className={cn('rounded-lg border bg-card/95 px-4 py-3 shadow-lg backdrop-blur', className)}>
      <div className="flex flex-wrap items-center gap-3">
        {clock.playing ? (
          <Button size="sm" variant="secondary" aria-label="Pause" onClick={onPause}>
            <Pause aria-hidden="true" />
          </Button>
        ) : (
          <Button size="sm" aria-label="Play" onClick={onPlay}>
            <Play aria-hidden="true" />
          </Button>
        )}
        <div role="group" aria-label="Speed" className="inline-flex rounded-md bg-muted p-1">
          {SPEEDS.map((rate) => (
            <button
              key={rate}
              type="button"
              aria-pressed={clock.rate === rate}
              onClick={() => onSpeed(rate)}
              className={cn(
                'rounded-sm px-2.5 py-1 font-mono text-xs font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                clock.rate === rate && 'bg-background text-foreground shadow-sm',
              )}
            >
              {formatSpeed(rate)}
            </button>
          ))}
        </div>
        <Button size="sm" variant="outline" onClick={onNow}>
          <Rewind aria-hidden="true" />
          Now
        </Button>
        <div className="ml-auto text-right">
          <output aria-label="Simulated time" className="block font-mono text-sm font-semibold tabular-nums">
            {formatUtcDateTime(isoOf(simMs))} UTC
          </output>
          <span className="text-xs text-muted-foreground" data-testid="time-offset">
            {offset} · {clock.playing ? `playing ${formatSpeed(clock.rate)}` : 'paused'}
          </span>
        </div>
      </div>
      <div className="mt-2 flex items-center gap-3 text-xs text-muted-foreground">
        <span aria-hidden="true">−7 d</span>
        <input
          type="range"
          aria-label="Time within ±7 days"
          aria-valuetext={`${formatUtcDateTime(isoOf(value))} UTC (${offset})`}
          min={window.startMs}
          max={window.endMs}
          step={SLIDER_STEP_MS}
          value={value}
          onChange={(e) => onSeek(Number(e.target.value))}
          className="h-2 flex-1 cursor-pointer accent-primary"
        />
        <span aria-hidden="true">+7 d</span>
      </div>
    </section>
  );
}
