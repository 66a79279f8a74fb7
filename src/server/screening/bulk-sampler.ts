/**
 * The broad phase's positions (core/screening/all-pairs.ts `PositionSampler`) from satellite.js's
 * WASM BulkPropagator: the same SGP4 (Vallado's code compiled to WebAssembly), about 3× the
 * JavaScript SGP4's rate on one thread. The propagator is rebuilt when the object count or the
 * block length changes; NaN marks the instants where SGP4 reports an error.
 */
import { BulkPropagator, EciBaseCalculator, createSingleThreadRuntime } from 'satellite.js';
import type { PositionSampler } from '../../core/screening/index.ts';

type Runtime = Awaited<ReturnType<typeof createSingleThreadRuntime>>;
let shared: Promise<Runtime> | undefined;

/** The WASM runtime, created once per thread. */
export function wasmRuntime(): Promise<Runtime> {
  shared ??= createSingleThreadRuntime();
  return shared;
}

export interface BulkSampler {
  readonly sample: PositionSampler;
  /** Positions computed so far. */
  readonly propagations: () => number;
  readonly dispose: () => void;
}

export function bulkSampler(runtime: Runtime): BulkSampler {
  let propagator: BulkPropagator<[EciBaseCalculator], Runtime> | undefined;
  let shape = '';
  let satrecs: unknown;
  let propagations = 0;
  const sample: PositionSampler = (models, times) => {
    const key = `${models.length}×${times.length}`;
    if (key !== shape) {
      propagator?.dispose();
      propagator = new BulkPropagator({ runtime, calculators: [new EciBaseCalculator()] as [EciBaseCalculator], satRecsCount: models.length, datesCount: times.length });
      shape = key;
      satrecs = undefined;
    }
    if (satrecs !== models) {
      propagator!.setSatRecs(models.map((m) => m.satrec));
      satrecs = models;
    }
    propagator!.setDates(Array.from(times, (t) => new Date(t)));
    propagator!.run();
    propagations += models.length * times.length;
    const { position, error } = propagator!.getRawOutput().eci;
    for (let e = 0; e < error.length; e += 1) if (error[e] !== 0) position[3 * e] = position[3 * e + 1] = position[3 * e + 2] = Number.NaN;
    return position;
  };
  return { sample, propagations: () => propagations, dispose: () => propagator?.dispose() };
}
