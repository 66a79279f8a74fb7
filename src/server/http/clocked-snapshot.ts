import { VersionedSnapshot, type Snapshot } from './snapshot.ts';

/** What a clocked body is built from besides the time, and a version naming it (a catalogue change count, a data version...). */
export interface ClockedInputs<D> {
  readonly version: string;
  readonly value: D;
}

export interface ClockedSnapshotOptions<D, T> {
  /** The clock's period, ms: a body is built for the start of each period (a UTC minute, an hour) and served through it. */
  readonly periodMs: number;
  /** How long before a period starts its body is built, ms (below `periodMs`): the build is done before anyone asks. */
  readonly leadMs: number;
  /** The inputs as they are now (asked on every request: keep it cheap). */
  readonly inputs: () => Promise<ClockedInputs<D>>;
  /** The body of the period starting at `periodStartMs` (a UTC instant), from `inputs`. */
  readonly build: (periodStartMs: number, inputs: D) => T | Promise<T>;
  /** Without a request for this long the timer stops, ms (the next request starts it again). Default 10 minutes. */
  readonly idleMs?: number;
  /** Told when a build the timer started fails (the next request, or the next tick, tries again). */
  readonly onError?: (error: unknown) => void;
  /** The clock, ms since 1970 UTC (tests). */
  readonly now?: () => number;
}

/** How many snapshots are kept at once: the period being served, the next one built ahead, and a spare for a data change. */
const KEEP = 3;

/**
 * A polled answer refreshed on its own clock: the body of each period (a UTC minute, an hour) is
 * built by a timer `leadMs` before the period starts, so a request copies a prebuilt snapshot
 * (snapshot.ts, served with its ETag by etag.ts) and never waits for a build. A change of the
 * inputs' version (an import) is seen by the next request, which builds the body for the new
 * inputs at once (requests arriving meanwhile share that build): an answer never reflects
 * older data than the request could see.
 *
 * The timer runs while the answer is asked for: it starts with the first request and stops after
 * `idleMs` without one, so an idle server builds nothing.
 */
export class ClockedSnapshot<D, T> {
  private readonly cache = new VersionedSnapshot<T>();
  /** The snapshots built, by version (period start | inputs version), newest last. */
  private readonly built = new Map<string, Snapshot<T>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastRequest = Number.NEGATIVE_INFINITY;
  private stopped = false;
  private readonly now: () => number;
  private readonly idleMs: number;

  constructor(private readonly options: ClockedSnapshotOptions<D, T>) {
    if (!(options.leadMs >= 0 && options.leadMs < options.periodMs)) throw new RangeError('leadMs must be at least 0 and less than periodMs');
    this.now = options.now ?? Date.now;
    this.idleMs = options.idleMs ?? 10 * 60_000;
  }

  /** The snapshot of the current period with the current inputs. */
  async get(): Promise<Snapshot<T>> {
    const now = this.now();
    this.lastRequest = now;
    if (this.timer === undefined && !this.stopped) this.scheduleFor(this.periodStart(now) + this.options.periodMs);
    return this.snapshotFor(this.periodStart(now), await this.options.inputs());
  }

  /** Whether the timer is running (the answer was asked for within `idleMs`). */
  get active(): boolean {
    return this.timer !== undefined;
  }

  /** Stops the timer for good (server shutdown); `get` still answers, building on demand. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private periodStart(t: number): number {
    return Math.floor(t / this.options.periodMs) * this.options.periodMs;
  }

  private snapshotFor(start: number, inputs: ClockedInputs<D>): Snapshot<T> | Promise<Snapshot<T>> {
    const version = `${start}|${inputs.version}`;
    const ready = this.built.get(version);
    if (ready) return ready;
    return this.cache.get(version, () => this.options.build(start, inputs.value)).then((snapshot) => {
      this.keep(version, snapshot);
      return snapshot;
    });
  }

  private keep(version: string, snapshot: Snapshot<T>): void {
    this.built.delete(version);
    this.built.set(version, snapshot);
    while (this.built.size > KEEP) this.built.delete(this.built.keys().next().value!);
  }

  /** Arms the timer to build the period starting at `start`, `leadMs` before it. */
  private scheduleFor(start: number): void {
    const delay = Math.max(0, start - this.options.leadMs - this.now());
    this.timer = setTimeout(() => void this.tick(start), delay);
    this.timer.unref?.();
  }

  private async tick(start: number): Promise<void> {
    const now = this.now();
    if (this.stopped || now - this.lastRequest > this.idleMs) {
      this.timer = undefined;
      return;
    }
    // A timer that fired late (a busy event loop) builds the period running now, not one already past.
    const due = Math.max(start, this.periodStart(now));
    // Armed again before the build, so `active` stays true and a request meanwhile does not arm a second timer.
    this.scheduleFor(due + this.options.periodMs);
    try {
      await this.snapshotFor(due, await this.options.inputs());
    } catch (error) {
      this.options.onError?.(error);
    }
  }
}
