import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/**
 * Serves the built web app (dist/web) and answers every non-API path with
 * index.html so that client-side routes (wouter) load on a direct visit.
 * Unknown /api/... paths get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDir = WEB_DIST_DIR): Promise<void> {
  const built = existsSync(join(webDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: 'index.html',
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/, so it may be cached for good;
        // index.html must be revalidated so a rebuild is picked up.
        reply.header('cache-control', path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/assets/');
    if (!wantsPage) return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm start` (which builds it) or `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
