import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { databaseProblem, HEALTH_DATABASE_TIMEOUT_MS } from './health.ts';

// The health check's database probe; the whole route against a stopped PostgreSQL server is in
// tests/integration/database-outage.test.ts.
const dbAnswering = (execute: () => Promise<unknown>) => ({ execute }) as unknown as Db;

describe('databaseProblem', () => {
  it('is undefined when select 1 answers', async () => {
    expect(await databaseProblem(dbAnswering(async () => ({ rows: [{ '?column?': 1 }] })))).toBeUndefined();
  });

  it("gives the driver's reason when the query fails", async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(await databaseProblem(dbAnswering(() => Promise.reject(Object.assign(new Error('Failed query: select 1'), { cause: refused }))))).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('gives up after the timeout when no answer comes (an unreachable host)', async () => {
    const started = Date.now();
    expect(await databaseProblem(dbAnswering(() => new Promise(() => {})), 50)).toBe("no answer to 'select 1' within 0.05 s");
    expect(Date.now() - started).toBeLessThan(1000);
    expect(HEALTH_DATABASE_TIMEOUT_MS).toBe(2000);
  });
});
