import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { AppContext } from './app-context.ts';
import { randomBytes } from 'node:crypto';
import { registerAccess } from './http/access.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerInputGuards } from './http/input-guards.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerWebApp } from './http/web-app.ts';
import { appInfoRoutes } from './routes/app-info.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { usersRoutes } from './routes/users.ts';
import { calculatorRoutes } from './routes/calculator.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { cdmRoutes } from './routes/cdm.ts';
import { proximitiesRoutes } from './routes/proximities.ts';
import { conjunctionsRoutes } from './routes/conjunctions.ts';
import { avoidanceRoutes } from './routes/avoidance.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { dragCalculatorRoutes } from './routes/drag-calculator.ts';
import { catalogScreeningsRoutes } from './routes/catalog-screenings.ts';
import { objectsRoutes } from './routes/objects.ts';
import { eventsRoutes } from './routes/events.ts';
import { ephemeridesRoutes } from './routes/ephemerides.ts';
import { notificationsRoutes } from './routes/notifications.ts';
import { healthRoutes } from './routes/health.ts';
import { highInterestObjectsRoutes } from './routes/high-interest-objects.ts';
import { maneuversRoutes } from './routes/maneuvers.ts';
import { orbitalDragRoutes } from './routes/orbital-drag.ts';
import { satellitesRoutes } from './routes/satellites.ts';
import { settingsRoutes } from './routes/settings.ts';
import { threatsRoutes } from './routes/threats.ts';
import { digestRoutes } from './routes/digest.ts';

export interface BuildAppOptions {
  /** Directory of the built web app; defaults to dist/web. */
  webDir?: string;
}

/** Builds the Fastify application: security headers, schemas, error handling, API routes and the web app. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    // The dashboard polls several endpoints every few seconds; log each request
    // only when asked for debug output.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(ctx.config.LOG_LEVEL) }),
    // Bodies larger than this are refused with 413 before any parsing.
    bodyLimit: 64 * 1024 * 1024,
    // Behind a TLS-terminating proxy, X-Forwarded-Proto/-Host/-For are believed only from it.
    trustProxy: ctx.config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Security headers and CSP, built once (helmet's middleware precomputes every header value). Through
  // @fastify/helmet the middleware was rebuilt, CSP parsing included, on every request: a sixth of
  // the CPU time of a polled dashboard endpoint.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and Recharts set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Plain-HTTP loopback service by default; HSTS would pin browsers to HTTPS.
    strictTransportSecurity: false,
  });
  // helmet 8 throws its errors (the error handler answers them) and calls `next` without one.
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, done as (error?: unknown) => void));
  // The catalogue lists are megabytes of JSON; gzip/brotli cut them about tenfold.
  await app.register(compress, { threshold: 4096 });
  registerErrorHandling(app);
  registerInputGuards(app);
  // Accounts, roles, CSRF, rate limits, Host/Origin checks and the audit log, before any route
  // (the OpenAPI UI included) so that every route is behind them.
  await registerAccess(app, {
    config: ctx.config,
    accounts: ctx.services.accounts,
    sessions: ctx.repositories.sessions,
    ...(ctx.config.AUTH === 'on' && { sessionSecret: await sessionSecret(ctx) }),
    log: ctx.log,
  });
  await registerOpenApi(app, ctx.version);

  await app.register(healthRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(usersRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  await app.register(appInfoRoutes, { ctx });
  await app.register(calculatorRoutes);
  await app.register(satellitesRoutes, { ctx });
  await app.register(catalogRoutes, { ctx });
  await app.register(conjunctionsRoutes, { ctx });
  await app.register(avoidanceRoutes, { ctx });
  await app.register(cdmRoutes, { ctx });
  await app.register(proximitiesRoutes, { ctx });
  await app.register(eventsRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(maneuversRoutes, { ctx });
  await app.register(threatsRoutes, { ctx });
  await app.register(highInterestObjectsRoutes, { ctx });
  await app.register(orbitalDragRoutes, { ctx });
  await app.register(dragCalculatorRoutes, { ctx });
  await app.register(catalogScreeningsRoutes, { ctx });
  await app.register(settingsRoutes, { ctx });
  await app.register(objectsRoutes, { ctx });
  await app.register(ephemeridesRoutes, { ctx });
  await app.register(notificationsRoutes, { ctx });
  await app.register(digestRoutes, { ctx });
  await registerWebApp(app, options.webDir);
  return app;
}

/**
 * The key sessions are signed with: SESSION_SECRET, or one generated at the first start with
 * accounts and kept in the database, so every server on one database shares it and a restart keeps
 * users signed in.
 */
async function sessionSecret(ctx: AppContext): Promise<string> {
  if (ctx.config.SESSION_SECRET) return ctx.config.SESSION_SECRET;
  return ctx.repositories.appMeta.getOrCreate('session_secret', randomBytes(32).toString('base64url'), new Date());
}
