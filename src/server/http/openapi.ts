import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI 3 document generated from the routes' zod schemas, with its UI at /api/docs (JSON at /api/docs/json). */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Data Forge API',
        description: 'Space situational awareness: catalogue, conjunctions, threats, manoeuvres, atmosphere and drag.',
        version,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The UI's own policy allows https: sources and upgrades requests; this
    // server is air-gapped and plain HTTP on loopback, so keep it to 'self'
    // (Swagger UI sets inline styles, hence 'unsafe-inline' for styles only).
    transformStaticCSP: () =>
      "default-src 'self'; base-uri 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; object-src 'none'; frame-ancestors 'none'",
    uiConfig: { docExpansion: 'list' },
  });
}
