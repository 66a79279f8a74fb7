import type { FastifyInstance } from 'fastify';
import { NUL, showNul } from '../../core/elements/index.ts';
import { badRequest } from './errors.ts';

/**
 * Input refused on every route before the route's own validation: text that PostgreSQL cannot store, in any
 * string of the query, the path parameters or the body. One hook instead of a refinement in each schema, so
 * that routes added later are covered too. Two kinds:
 * - U+0000 (NUL): PostgreSQL's text and jsonb cannot hold it, so a stored name, reason or file with one failed
 *   at the write (a 500) after the request had passed every schema; no field of the API has a use for one.
 * - an unpaired UTF-16 surrogate (U+D800–U+DFFF alone), which only a JSON `\ud800` escape can produce: it is
 *   not Unicode text, and jsonb refuses it (a drag calculation's stored input, an audit entry) while text
 *   columns silently turn it into U+FFFD.
 *
 * - Parsed values (query, params, JSON bodies) are walked, nested objects and arrays included, and each bad
 *   string is named by its path: `body.reason`, `body.satellite_ids.2`, `querystring.name`.
 * - A text body (a file uploaded as text/plain, text/csv, XML, …) is refused naming the line of its first
 *   NUL: NUL is what a binary file read as text is full of. (A body read from UTF-8 bytes cannot hold an
 *   unpaired surrogate: the decoder replaces invalid sequences.)
 */

const NO_NUL = 'must not contain a NUL character (U+0000)';
const NO_LONE_SURROGATE = 'must be valid Unicode: it holds an unpaired surrogate (U+D800–U+DFFF)';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Problems named in one answer; the first few say what is wrong. */
const MAX_PROBLEMS = 5;

/** Why a string cannot be taken, or undefined. */
export function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return NO_NUL;
  if (LONE_SURROGATE.test(text)) return NO_LONE_SURROGATE;
  return undefined;
}

/**
 * "path: problem" for each string in `value` (and each object key) that cannot be taken, at most `limit`, in
 * document order. Iterative: a JSON body nested a hundred thousand levels deep parses fine and must not
 * overflow the stack here.
 */
export function textProblems(value: unknown, root: string, limit = MAX_PROBLEMS): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0 && found.length < limit) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem !== undefined) found.push(`${path}: ${problem}`);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1) stack.push([item[i], `${path}.${i}`]);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        if (textProblem(key) !== undefined) stack.push([key, `${path} (a field name, '${showNul(key).slice(0, 40)}')`]);
        else stack.push([child, `${path}.${key}`]);
      }
    }
  }
  return found;
}

/** The 1-based line of a text's first NUL, or undefined when it has none. */
export function firstNulLine(text: string): number | undefined {
  const at = text.indexOf(NUL);
  if (at < 0) return undefined;
  let line = 1;
  for (let i = 0; i < at; i += 1) {
    const c = text.charCodeAt(i);
    // CR LF, CR and LF each end a line.
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line += 1;
  }
  return line;
}

/** The 400 message for a request with text that cannot be taken anywhere, or undefined when it has none. */
export function inputProblem(request: { query?: unknown; params?: unknown; body?: unknown }): string | undefined {
  const problems = [...textProblems(request.params, 'params'), ...textProblems(request.query, 'querystring')];
  if (typeof request.body === 'string') {
    const line = firstNulLine(request.body);
    if (line !== undefined) problems.push(`body: line ${line} contains a NUL character (U+0000); is this a binary file?`);
  } else {
    problems.push(...textProblems(request.body, 'body'));
  }
  return problems.length === 0 ? undefined : `Invalid request: ${problems.slice(0, MAX_PROBLEMS).join('; ')}`;
}

/** Registers the guards on every route of `app` (call before the routes are registered). */
export function registerInputGuards(app: FastifyInstance): void {
  // preValidation: after the body is parsed, before the route's schema (whose coercions could hide a string).
  app.addHook('preValidation', async (request) => {
    const problem = inputProblem(request);
    if (problem !== undefined) throw badRequest(problem);
  });
}
