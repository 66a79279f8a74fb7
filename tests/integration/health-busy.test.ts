/**
 * Health during a long write on the embedded database (issue 12 review): PGlite has one connection,
 * which an import's transaction holds for seconds. Health must not call the server down for that
 * (a load balancer would drop it): it answers 200, `databaseStatus` 'ok' or 'busy', never 503.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app.ts';
import { CATALOG_2023, hasReference, readReference } from './support/reference.ts';

const server = useTestApp({ name: 'health-busy', env: { DEMO_CATALOG: 'off', SCREENING: 'off' } });

describe.skipIf(!hasReference('health-busy.test', CATALOG_2023))('GET /api/health while the real catalogue is imported', () => {
  it('answers 200 throughout, ok or busy, and the import completes', async () => {
    const catalogue = readReference(CATALOG_2023);
    let finished = false;
    const importing = server.app
      .inject({ method: 'POST', url: '/api/catalog/import?name=full.3le', headers: { 'content-type': 'text/plain' }, payload: catalogue })
      .finally(() => (finished = true));
    const seen: { status: number; databaseStatus: string }[] = [];
    while (!finished) {
      const res = await server.app.inject({ url: '/api/health' });
      seen.push({ status: res.statusCode, databaseStatus: (res.json() as { databaseStatus: string }).databaseStatus });
      await new Promise((r) => setTimeout(r, 100));
    }
    const imported = await importing;
    expect(imported.statusCode, imported.body).toBe(200);
    expect((imported.json() as { setsAdded: number }).setsAdded).toBe(26_140);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.status !== 200)).toEqual([]);
    expect(seen.every((s) => s.databaseStatus === 'ok' || s.databaseStatus === 'busy')).toBe(true);
    console.log(`[health-busy] ${seen.length} probes during the import: ${seen.filter((s) => s.databaseStatus === 'busy').length} busy`);
  }, 120_000);
});
