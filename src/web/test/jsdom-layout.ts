import { vi } from 'vitest';

/*
 * Test helper only: the layout jsdom does not do. The virtualised list sizes
 * itself from its scroll element's clientHeight (0 in jsdom, so no rows), and
 * Radix Select calls pointer-capture and scrollIntoView, which jsdom lacks.
 * Undo the viewport stub with vi.restoreAllMocks(); the Radix stubs are no-ops
 * added where jsdom has nothing, and stay for the test file.
 */

/** Every element reports `height` px of client height, as the list's max-h-64 viewport does in a browser. */
export function stubViewportHeight(height = 256): void {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(height);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(400);
}

/** The Element methods Radix Select calls when it opens and highlights an option. */
export function stubRadixSelectDom(): void {
  if (!Element.prototype.hasPointerCapture) Element.prototype.hasPointerCapture = () => false;
  if (!Element.prototype.releasePointerCapture) Element.prototype.releasePointerCapture = () => {};
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
}

/** Recharts' ResponsiveContainer needs ResizeObserver, which jsdom lacks: a no-op one, added only where there is none. */
export function stubResizeObserver(): void {
  if ('ResizeObserver' in globalThis) return;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
