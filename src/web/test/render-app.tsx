import { render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '@/app/App';
import { createQueryClient } from '@/lib/query-client';

/** Renders the whole app at `path` with a fresh query cache and an in-memory location. */
export function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  const client = createQueryClient();
  const view = render(<App client={client} locationHook={location.hook} />);
  return { ...view, location, client };
}
