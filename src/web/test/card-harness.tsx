import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, vi } from 'vitest';
import type { Conjunction } from '@contracts/operations.ts';
import { createQueryClient } from '@/lib/query-client';

/*
 * Test helper only: what the dashboard card tests share. Render a card with a
 * query cache, find it by its region name, read its <dl> fields, stub fetch,
 * and undo the stubs after each test.
 */

/** Renders `ui` inside a QueryClientProvider with `client` (default: a fresh cache). */
export function renderWithQueryClient(ui: ReactNode, client: QueryClient = createQueryClient()) {
  return { ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>), client };
}

/** Queries scoped to the region (card) named `name`. */
export function region(name: string) {
  return within(screen.getByRole('region', { name }));
}

/** [term, definition] text of every <dt> in `element`, in order. */
export function termPairs(element: HTMLElement) {
  return within(element)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

/** The aria-labels of the elements of `role` in `element`, in order. */
export function labelsOf(element: HTMLElement, role = 'listitem') {
  return within(element)
    .getAllByRole(role)
    .map((item) => item.getAttribute('aria-label'));
}

/** Replaces global fetch with one that never answers, so every query stays pending. */
export function stubPendingFetch() {
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
}

/** After each test of the file: real timers, the real fetch and other globals, the real environment. */
export function undoStubsAfterEach() {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });
}

/**
 * Under fake timers, expects one read so far (`reads()`), still one after `quietMs`, and a
 * second after `moreMs` more: the poll interval lies between quietMs and quietMs + moreMs.
 */
export async function expectSecondReadBetween(reads: () => number, quietMs: number, moreMs: number) {
  expect(reads()).toBe(1);
  await act(() => vi.advanceTimersByTimeAsync(quietMs));
  expect(reads()).toBe(1);
  await act(() => vi.advanceTimersByTimeAsync(moreMs));
  expect(reads()).toBe(2);
}

/** An open conjunction of OFEQ-16 with COSMOS 2542 DEB; `overrides` set the rest. */
export function makeConjunction(overrides: Partial<Conjunction> = {}): Conjunction {
  return {
    id: 1,
    conjunctionId: 'CNJ-2026-001',
    riskLevel: 'critical',
    status: 'open',
    primaryObject: { noradId: 45918, name: 'OFEQ-16', objectType: 'payload', owner: 'ISRA' },
    secondaryObject: { noradId: 48274, name: 'COSMOS 2542 DEB', objectType: 'debris', owner: 'CIS' },
    tca: '2026-11-22T23:30:05.600Z',
    missDistance: 42.06,
    radial: 1,
    inTrack: 40,
    crossTrack: 12,
    relativeVelocity: 13.2,
    collisionProbability: 1 / 3571,
    maxCollisionProbability: 1e-3,
    probability: 3571,
    firstDetected: '2026-11-20T00:00:00Z',
    lastUpdated: '2026-11-21T00:00:00Z',
    cdmUrl: null,
    ...overrides,
  };
}
