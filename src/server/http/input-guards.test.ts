import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './error-handler.ts';
import { firstNulLine, registerInputGuards, textProblems } from './input-guards.ts';

// The NUL guard on a small app wired as app.ts wires the real one: error handler, then the guard, then routes.
let app: FastifyInstance;
const stored: unknown[] = [];

beforeAll(async () => {
  const a = Fastify().withTypeProvider<ZodTypeProvider>();
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(a);
  registerInputGuards(a);
  a.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  a.post('/objects/:id', {
    schema: {
      params: z.object({ id: z.string() }),
      querystring: z.object({ name: z.string().optional() }),
      body: z.object({ reason: z.string(), tags: z.array(z.string()).optional(), nested: z.object({ addedBy: z.string() }).optional() }),
    },
  }, async (request) => {
    stored.push(request.body);
    return { ok: true };
  });
  a.post('/import', { schema: { body: z.string() } }, async (request) => {
    stored.push(request.body);
    return { ok: true };
  });
  await a.ready();
  app = a;
});
afterAll(() => app?.close());

describe('the NUL guard', () => {
  it('refuses a NUL in a JSON body with a 400 naming the field, nested fields and array items too, before the route runs', async () => {
    const before = stored.length;
    const cases: [object, string][] = [
      [{ reason: 'manoeuvre\u0000' }, 'body.reason'],
      [{ reason: 'ok', nested: { addedBy: '\u0000Ops' } }, 'body.nested.addedBy'],
      [{ reason: 'ok', tags: ['a', 'b', 'c\u0000'] }, 'body.tags.2'],
    ];
    for (const [payload, field] of cases) {
      const res = await app.inject({ method: 'POST', url: '/objects/7', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: `Invalid request: ${field}: must not contain a NUL character (U+0000)` });
    }
    expect(stored.length).toBe(before);
  });

  it('names NULs in the query and the path parameters, and every field at once', async () => {
    const res = await app.inject({ method: 'POST', url: '/objects/a%00b?name=x%00', payload: { reason: '\u0000' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message:
        'Invalid request: params.id: must not contain a NUL character (U+0000); querystring.name: must not contain a NUL character (U+0000); body.reason: must not contain a NUL character (U+0000)',
    });
  });

  it('refuses a text body with a NUL naming its line (CR LF, CR and LF all end lines)', async () => {
    const res = await app.inject({ method: 'POST', url: '/import', headers: { 'content-type': 'text/plain' }, payload: 'ISS\r\n1 25544U\r\n2 255\u000044' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid request: body: line 3 contains a NUL character (U+0000); is this a binary file?' });
    const csv = await app.inject({ method: 'POST', url: '/import', headers: { 'content-type': 'text/csv' }, payload: 'a\rb\nc\u0000' });
    expect(csv.json()).toEqual({ message: 'Invalid request: body: line 3 contains a NUL character (U+0000); is this a binary file?' });
  });

  it('refuses an unpaired surrogate (a JSON \\ud800 escape): not Unicode, and jsonb refuses it', async () => {
    const res = await app.inject({ method: 'POST', url: '/objects/7', headers: { 'content-type': 'application/json' }, payload: '{"reason":"Ofeq\\ud800","tags":["\\udfff"]}' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid request: body.reason: must be valid Unicode: it holds an unpaired surrogate (U+D800–U+DFFF); body.tags.0: must be valid Unicode: it holds an unpaired surrogate (U+D800–U+DFFF)',
    });
  });

  it('lets everything else through, unicode and paired surrogates included', async () => {
    expect((await app.inject({ method: 'POST', url: '/objects/%F0%9F%9A%80?name=%CE%A9', payload: { reason: 'Ω 🚀 \u0001 \uD83D\uDE80' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/import', headers: { 'content-type': 'text/plain' }, payload: 'line 1\nline 2' })).statusCode).toBe(200);
  });

  it('walks a body nested 100,000 levels deep without recursion', async () => {
    const deep = `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`;
    const found = textProblems(JSON.parse(deep), 'body');
    expect(found).toHaveLength(1);
    expect(found[0]!.split(':')[0]!.split('.')).toHaveLength(100_001);
    const res = await app.inject({ method: 'POST', url: '/objects/1', headers: { 'content-type': 'application/json' }, payload: `{"reason":"x","tags":${deep}}` });
    expect(res.statusCode).toBe(400);
  });

  it('reports at most five paths, in document order, and field names holding a NUL', () => {
    const nul = 'must not contain a NUL character (U+0000)';
    expect(textProblems({ a: Array.from({ length: 10 }, () => '\u0000') }, 'body')).toEqual([0, 1, 2, 3, 4].map((i) => `body.a.${i}: ${nul}`));
    expect(textProblems({ 'bad\u0000key': 1 }, 'body')).toEqual([`body (a field name, 'bad\\0key'): ${nul}`]);
    expect(textProblems(undefined, 'body')).toEqual([]);
    expect(firstNulLine('no nul')).toBeUndefined();
    expect(firstNulLine('\u0000')).toBe(1);
  });
});
