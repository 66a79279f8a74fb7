import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Serving of prebuilt JSON with an ETag: the dashboard polls its lists every
 * few seconds, so each list is serialised once when it changes (a Snapshot, see
 * services/operations/snapshot.ts, or CatalogService.satelliteRecords()) and a
 * request costs no more than copying bytes to the socket:
 *
 * - `etag` and `cache-control: no-cache` (the browser keeps the copy and revalidates every poll);
 * - 304 with no body when If-None-Match names the current ETag (a list of tags, `W/` tags and `*` too);
 * - else the JSON as it was built, never re-serialised or re-validated; bodies of
 *   at least COMPRESS_THRESHOLD bytes are compressed once per snapshot (brotli or gzip,
 *   whichever the client accepts) instead of on every request.
 */
export interface Prebuilt {
  readonly json: string;
  /** A quoted entity tag, e.g. `"abc"`. */
  readonly etag: string;
}

/** The same bound as @fastify/compress in app.ts: smaller bodies go out as they are. */
export const COMPRESS_THRESHOLD = 4096;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';
const compressed = new WeakMap<Prebuilt, Partial<Record<Encoding, Promise<Buffer>>>>();

/** The opaque part of an entity tag: without `W/`, with its quotes. */
const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag).trim();

/** Whether an If-None-Match header matches `etag` (weak comparison, RFC 9110 §13.1.2). */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const want = opaque(etag);
  const values = Array.isArray(header) ? header : [header];
  for (const value of values) {
    for (const part of value.split(',')) {
      const tag = part.trim();
      if (tag === '*' || (tag !== '' && opaque(tag) === want)) return true;
    }
  }
  return false;
}

/** The encoding to send given Accept-Encoding: br, else gzip, else none (q=0 refuses). */
export function pickEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

function compress(snapshot: Prebuilt, encoding: Encoding): Promise<Buffer> {
  let cached = compressed.get(snapshot);
  if (!cached) compressed.set(snapshot, (cached = {}));
  let done = cached[encoding];
  if (!done) {
    done =
      encoding === 'br'
        ? brotli(snapshot.json, {
            params: {
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(snapshot.json),
            },
          })
        : gzipAsync(snapshot.json, { level: 6 });
    cached[encoding] = done;
    // A failure is not kept: the next request tries again.
    done.catch(() => delete cached[encoding]);
  }
  return done;
}

const encoded = new WeakMap<Prebuilt, Buffer>();

/** The JSON as UTF-8 bytes, encoded once per snapshot (a string would be encoded again for every response). */
function utf8(snapshot: Prebuilt): Buffer {
  let bytes = encoded.get(snapshot);
  if (!bytes) encoded.set(snapshot, (bytes = Buffer.from(snapshot.json, 'utf8')));
  return bytes;
}

/**
 * Sends a prebuilt JSON body with its ETag, or 304 when the client's copy is current.
 * The route's response schema (the contract) documents the body; the JSON was
 * built from the same contract type, so it is not serialised again here.
 */
export async function sendSnapshot(request: FastifyRequest, reply: FastifyReply, snapshot: Prebuilt): Promise<FastifyReply> {
  reply.header('etag', snapshot.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  // A reply-level serializer takes precedence over the route's schema serializer.
  reply.serializer((payload: unknown) => payload as string);
  if (ifNoneMatchHits(request.headers['if-none-match'], snapshot.etag)) {
    // No payload at all: Fastify then sends neither content-type nor content-length.
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding = snapshot.json.length >= COMPRESS_THRESHOLD ? pickEncoding(request.headers['accept-encoding']) : undefined;
  if (encoding === undefined) return reply.send(utf8(snapshot));
  const body = await compress(snapshot, encoding);
  return reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
}

/** The 304 answer of a snapshot route, for its response schema. */
export const NotModified = z.null().describe('Not modified: the ETag in If-None-Match is current (no body)');
