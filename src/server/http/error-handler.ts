import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { connectionFailureReason, isConnectionFailure, sqlState } from '../repositories/database-errors.ts';
import { BusyError } from './errors.ts';

/** Seconds a client is asked to wait before retrying while the database is unreachable (the pool reconnects by itself). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The one error handler: every failure leaves as JSON `{message}`.
 * - request validation → 400 naming the field ("body.mass: ...");
 * - other client errors Fastify raises (bad JSON, unsupported media type,
 *   body too large) → their 4xx status and message;
 * - the database cannot be reached (server down, connection refused or broken: repositories/database-errors.ts)
 *   → 503 "The database is unavailable: …" with Retry-After, since the request may succeed once it is back
 *   (the pg pool reconnects by itself), unlike a 500;
 * - work the server cannot take now (http/errors.ts BusyError: the drag worker's queue is full) → 503 with Retry-After;
 * - anything else → 500 "Internal server error", logged with its stack, which
 *   never reaches the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const problems = error.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return `${where}${path ? `.${path}` : ''}: ${v.message}`;
      });
      return reply.status(400).send({ message: `Invalid request: ${problems.join('; ')}` });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    // @fastify/csrf-protection's own words ("Invalid csrf token") do not say what to do.
    if (error.code === 'FST_CSRF_MISSING_SECRET' || error.code === 'FST_CSRF_INVALID_TOKEN') {
      return reply.status(403).send({ message: 'CSRF token missing or invalid: send the x-csrf-token header given by GET /api/auth/session' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    // Two writes that met (PostgreSQL chose one as the deadlock victim, or a serialisation failure):
    // the loser rolled back whole, so trying again is safe (SQLSTATE 40P01, 40001).
    const state = sqlState(error);
    if (state === '40P01' || state === '40001') {
      request.log.warn({ err: error }, 'write conflict');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ message: 'The write met a concurrent one and was rolled back whole; send it again' });
    }
    if (error instanceof BusyError) {
      request.log.warn({ err: error }, 'busy');
      return reply.status(503).header('retry-after', String(error.retryAfterSeconds)).send({ message: error.message });
    }
    if (isConnectionFailure(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: `The database is unavailable: ${connectionFailureReason(error)}` });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
