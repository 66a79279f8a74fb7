import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // jsdom keeps storage for the whole file: what one test remembers (the last alerts view) must not leak into the next.
  sessionStorage.clear();
});
