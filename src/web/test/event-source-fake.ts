import { vi } from 'vitest';

/*
 * Test helper only: a stand-in for the browser's EventSource (jsdom has none),
 * so component tests can play a job's server-sent events. Install it with
 * installFakeEventSource(); remove with vi.unstubAllGlobals().
 */

type Listener = (event: Event) => void;

export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every source opened since installFakeEventSource(), oldest first. */
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState: number = FakeEventSource.CONNECTING;
  onerror: Listener | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(url: string | URL, init?: EventSourceInit) {
    this.url = String(url);
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  /** The source opened last; fails the test when none was opened. */
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }

  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }

  /** Delivers a named event (`progress`, `done`) whose data is `data` as JSON, or `data` itself when it is a string. */
  emit(type: string, data: unknown): void {
    if (this.closed) return;
    this.readyState = FakeEventSource.OPEN;
    const event = new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) });
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }

  /** A connection error: `permanent` (an HTTP error) leaves the source CLOSED, otherwise it is reconnecting. */
  fail({ permanent }: { permanent: boolean }): void {
    this.readyState = permanent ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    const event = new Event('error');
    this.onerror?.(event);
    this.listeners.get('error')?.forEach((listener) => listener(event));
  }
}

export function installFakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}
