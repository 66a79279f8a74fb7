import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DensityProfileResponse,
  DragCalculationResult,
  DragCalculatorRequest,
  NrlmsiseRealResponse,
  PredictionsResponse,
  RealtimeResponse,
  SpaceWeatherForecastResponse,
} from '@contracts/orbital-drag.ts';
import { csrfHeaders } from '@/lib/csrf';

/* Spec §7/§9: the Orbital Drag page's reads and their poll intervals. */

export const REALTIME_KEY = ['/api/orbital-drag/realtime'] as const;
export const SPACE_WEATHER_KEY = ['/api/orbital-drag/space-weather'] as const;
export const PREDICTIONS_KEY = ['/api/orbital-drag/predictions'] as const;
export const DENSITY_PROFILE_KEY = ['/api/orbital-drag/density-profile'] as const;
export const DRAG_CALCULATOR_KEY = ['/api/drag-calculator'] as const;

export const REALTIME_POLL_MS = 30_000;
export const SPACE_WEATHER_POLL_MS = 60_000;
export const PREDICTIONS_POLL_MS = 120_000;
export const READINGS_POLL_MS = 300_000;
export const READINGS_STALE_MS = 240_000;

/**
 * The four satellites whose NRLMSISE-00 readings fill the Models tab. The spec fixes four
 * satellites at fixed positions without giving them; these are the calculator presets (§3) at
 * their preset altitudes over the calculator's default point (32° N, 35° E).
 */
export const READING_POSITIONS = [
  { satellite: 'Ofeq-16', lat: 32, lon: 35, alt: 450 },
  { satellite: 'Ofeq-13', lat: 32, lon: 35, alt: 445 },
  { satellite: 'Ofeq-11', lat: 32, lon: 35, alt: 448 },
  { satellite: 'Ofeq-9', lat: 32, lon: 35, alt: 442 },
] as const;

export function useRealtimeDrag() {
  return useQuery<RealtimeResponse>({ queryKey: REALTIME_KEY, refetchInterval: REALTIME_POLL_MS });
}

export function useSpaceWeatherForecast() {
  return useQuery<SpaceWeatherForecastResponse>({ queryKey: SPACE_WEATHER_KEY, refetchInterval: SPACE_WEATHER_POLL_MS });
}

export function useDecayPredictions() {
  return useQuery<PredictionsResponse>({ queryKey: PREDICTIONS_KEY, refetchInterval: PREDICTIONS_POLL_MS });
}

/** Spec §7: every 5 min, stale after 4 min, 3 retries; the page falls back to built-in data on failure (§8). */
export function useDensityProfile() {
  return useQuery<DensityProfileResponse>({
    queryKey: DENSITY_PROFILE_KEY,
    refetchInterval: READINGS_POLL_MS,
    staleTime: READINGS_STALE_MS,
    retry: 3,
  });
}

export function nrlmsiseUrl(position: { lat: number; lon: number; alt: number }): string {
  return `/api/orbital-drag/nrlmsise-real?lat=${position.lat}&lon=${position.lon}&alt=${position.alt}`;
}

/** Spec §7: once per satellite for the four fixed positions, every 5 min. */
export function useNrlmsiseReadings() {
  return useQueries({
    queries: READING_POSITIONS.map((position) => ({
      queryKey: [nrlmsiseUrl(position)],
      refetchInterval: READINGS_POLL_MS,
      staleTime: READINGS_STALE_MS,
    })),
    combine: (results) => results.map((result) => result.data as NrlmsiseRealResponse | undefined),
  });
}

/** Spec §8: a failed calculation raises 'API error: {status text}'. */
export async function postDragCalculation(request: DragCalculatorRequest): Promise<DragCalculationResult> {
  const res = await fetch('/api/drag-calculator/calculate', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...csrfHeaders('POST') },
    body: JSON.stringify(request),
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`API error: ${res.statusText}`);
  return (await res.json()) as DragCalculationResult;
}

/** POST /api/drag-calculator/calculate; on success the drag-calculator cache is invalidated (§7). */
export function useDragCalculation(onResult: (result: DragCalculationResult) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postDragCalculation,
    onSuccess: async (result) => {
      onResult(result);
      await client.invalidateQueries({ queryKey: DRAG_CALCULATOR_KEY });
    },
  });
}
