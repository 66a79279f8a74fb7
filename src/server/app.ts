import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerWebApp } from './http/web-app.ts';
import { appInfoRoutes } from './routes/app-info.ts';
import { calculatorRoutes } from './routes/calculator.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { conjunctionsRoutes } from './routes/conjunctions.ts';
import { dragCalculatorRoutes } from './routes/drag-calculator.ts';
import { healthRoutes } from './routes/health.ts';
import { orbitalDragRoutes } from './routes/orbital-drag.ts';
import { satellitesRoutes } from './routes/satellites.ts';

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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
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
  // The catalogue lists are megabytes of JSON; gzip/brotli cut them about tenfold.
  await app.register(compress, { threshold: 4096 });
  registerErrorHandling(app);
  await registerOpenApi(app, ctx.version);

  await app.register(healthRoutes, { ctx });
  await app.register(appInfoRoutes, { ctx });
  await app.register(calculatorRoutes);
  await app.register(satellitesRoutes, { ctx });
  await app.register(catalogRoutes, { ctx });
  await app.register(conjunctionsRoutes, { ctx });
  await app.register(orbitalDragRoutes, { ctx });
  await app.register(dragCalculatorRoutes, { ctx });
  await registerWebApp(app, options.webDir);
  return app;
}
