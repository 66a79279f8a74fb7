import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { NotModified, sendSnapshot, type Prebuilt } from './etag.ts';

type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/**
 * A GET route that answers with prebuilt JSON (etag.ts): the OpenAPI document
 * names `body` as the 200 schema and a bodiless 304, and every request sends
 * what `snapshot` returns, as it is. The polled dashboard lists, the SST records
 * and the catalogue feed are all such routes.
 */
export function snapshotRoute(
  app: ZodApp,
  path: string,
  doc: { tags: string[]; summary: string; description?: string },
  body: z.ZodType,
  snapshot: () => Prebuilt | Promise<Prebuilt>,
): void {
  app.get(path, { schema: { ...doc, response: { 200: body, 304: NotModified } } }, async (request, reply) => sendSnapshot(request, reply, await snapshot()));
}
