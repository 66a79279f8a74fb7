import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor give up after 1 s by default: on a loaded two-core CI machine a chart's first
// render can take longer. A real failure still fails, only later.
configure({ asyncUtilTimeout: 3000 });

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // jsdom keeps storage for the whole file: what one test remembers (the last alerts view) must not leak into the next.
  sessionStorage.clear();
});
