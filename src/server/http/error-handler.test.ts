import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS, registerErrorHandling } from './error-handler.ts';
import { BusyError } from './errors.ts';

// A database that cannot be reached is a 503 that names the cause (and may be retried), not a 500.
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandling(app);
  app.get('/refused', async () => {
    // As Drizzle throws it: the query wrapped around node-postgres's socket error.
    const socket = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    throw Object.assign(new Error('Failed query: select "id" from "high_interest_objects"'), { cause: socket });
  });
  app.get('/terminated', async () => {
    throw new Error('Connection terminated unexpectedly');
  });
  app.get('/deadlock', async () => {
    // PostgreSQL's "deadlock detected" as pg reports it (SQLSTATE 40P01), inside Drizzle's wrapping.
    const pgError = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    throw Object.assign(new Error('Failed query: insert into "space_objects" …'), { cause: pgError });
  });
  app.get('/busy', async () => {
    throw new BusyError('The drag worker has 32 calculations and decay forecasts waiting; try again shortly', 10);
  });
  app.get('/bug', async () => {
    throw new Error('undefined is not a function at /srv/x.ts:1');
  });
  await app.ready();
});
afterAll(() => app?.close());

describe('the error handler', () => {
  it('answers 503 with the reason and Retry-After while the database is unreachable', async () => {
    const res = await app.inject({ url: '/refused' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The database is unavailable: connect ECONNREFUSED 127.0.0.1:5432' });
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    const terminated = await app.inject({ url: '/terminated' });
    expect(terminated.statusCode).toBe(503);
    expect(terminated.json()).toEqual({ message: 'The database is unavailable: Connection terminated unexpectedly' });
  });

  it('answers a deadlock victim with 503 and a short Retry-After: it rolled back whole, so it may be sent again', async () => {
    const res = await app.inject({ url: '/deadlock' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The write met a concurrent one and was rolled back whole; send it again' });
    expect(res.headers['retry-after']).toBe('1');
  });

  it('answers work the server cannot take now (a full queue) with 503, its message and Retry-After', async () => {
    const res = await app.inject({ url: '/busy' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The drag worker has 32 calculations and decay forecasts waiting; try again shortly' });
    expect(res.headers['retry-after']).toBe('10');
  });

  it('still answers other failures with a bare 500', async () => {
    const res = await app.inject({ url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
  });
});
