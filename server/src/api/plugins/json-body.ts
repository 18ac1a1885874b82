// The JSON body parser of every route but the lint save (which reads its body as text for the core): one
// that says what is wrong. Fastify's own answers "not valid JSON" for a body that is valid JSON with a
// `__proto__` key, because its parser swallows the reason. Such keys are refused, not removed: dropping a
// key silently changes what the caller sent, and no field of this API is called `__proto__`.
import type { FastifyInstance } from 'fastify';
import { findDuplicateKey, findUnstorableText, mayHoldUnpairedSurrogate, unstorableTextError } from '@toolmark/benchmarks';
import { ApiError } from '../errors.js';

/** A key that could reach an object's prototype: where it sits (a path from `body`) and what to say. */
function forbiddenKey(value: unknown): { path: string; key: string; message: string } | undefined {
  const stack: [unknown, string][] = [[value, 'body']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, `${path}.${i}`]));
      continue;
    }
    // JSON.parse makes "__proto__" an own property (never the prototype); an object merge or a spread later would not.
    if (Object.hasOwn(node, '__proto__')) {
      return { path: `${path}.__proto__`, key: '__proto__', message: `the key "__proto__" is not allowed in a JSON body (at ${path}.__proto__)` };
    }
    if (Object.hasOwn(node, 'constructor')) {
      const inner = (node as { constructor: unknown }).constructor;
      if (inner !== null && typeof inner === 'object' && Object.hasOwn(inner, 'prototype')) {
        return { path: `${path}.constructor`, key: 'constructor', message: `a "constructor" key holding "prototype" is not allowed in a JSON body (at ${path}.constructor)` };
      }
    }
    for (const [key, item] of Object.entries(node)) stack.push([item, `${path}.${key}`]);
  }
  return undefined;
}

/**
 * Parse a JSON body: 400 `invalid_json` for an empty body, a syntax error (with its position) or a prototype
 * key; 400 `duplicate_key` for a key repeated in one object; 400 `unpaired_surrogate` (the core's error) for text that is not
 * well-formed Unicode.
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new ApiError(400, 'invalid_json', 'the body is empty; send a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const position = /at position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    throw new ApiError(400, 'invalid_json', `the body is not valid JSON${position === undefined ? '' : ` (at character ${Number(position) + 1})`}`, position === undefined ? {} : { position: Number(position) });
  }
  // A key twice in one object: JSON.parse keeps the last silently, other parsers the first, so what was
  // meant is unknown (a tools/list upload could carry a description the linter never sees). Refused.
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined) {
    const path = `body${duplicate.path.slice(1).replace(/\[(\d+)\]/g, '.$1')}`;
    throw new ApiError(400, 'duplicate_key', `the key "${duplicate.key}" appears twice in one object (at ${path}); send it once`, {
      path,
      key: duplicate.key,
      position: duplicate.position,
    });
  }
  // Text that is not well-formed Unicode could not be stored as sent (a text column would hold U+FFFD instead).
  // (NUL is left to each field's own check, which names the field; a surface's is the core's.)
  if (mayHoldUnpairedSurrogate(text)) {
    const found = findUnstorableText([[value, 'body']], { nul: false });
    if (found !== undefined) throw unstorableTextError(found);
  }
  // The keys can only be spelled with these letters or with \u escapes; most bodies have neither.
  if (!text.includes('proto') && !text.includes('\\u')) return value;
  const found = forbiddenKey(value);
  if (found !== undefined) {
    throw new ApiError(400, 'invalid_json', found.message, { path: found.path, key: found.key });
  }
  return value;
}

/** Use {@link parseJsonBody} for application/json in every route that keeps the app's parsers. */
export function registerJsonBody(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, parseJsonBody(text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
