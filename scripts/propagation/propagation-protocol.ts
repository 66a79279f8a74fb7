/** Messages between the propagation pool and its workers (plain, structured-cloneable data). */
export type WorkerRequest =
  | { type: 'load'; tles: [string, string][] }
  /** Propagate every loaded satellite at startMs + k·stepMs, k = 0 … steps−1. */
  | { type: 'span'; startMs: number; stepMs: number; steps: number };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'loaded'; count: number }
  | { type: 'span'; propagations: number; errors: number; checksum: number; ms: number }
  | { type: 'error'; message: string };
