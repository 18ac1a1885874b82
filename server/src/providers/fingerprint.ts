// Fingerprints of a provider and of one request: what identifies a model's answer across runs (a cached
// answer is reused only for the same fingerprint). Split from provider.ts (one definition each).
import { createHash } from 'node:crypto';
import { canonicalJson, canonicalJsonOnce, type ShownTool, type TurnRequest } from '@toolmark/benchmarks';

const toolDigests = new WeakMap<object, Map<string, { description: string; digest: string }>>();

/**
 * sha256 of a shown tool (name, description, canonical input schema), remembered per input-schema object
 * and name: the tools of a run are the same objects in every trial (only their order changes), so each is
 * serialised and hashed once per run. The description is compared on every hit (same string: pointer-fast).
 */
function toolDigest(tool: ShownTool): string {
  let byName = toolDigests.get(tool.inputSchema);
  if (byName === undefined) toolDigests.set(tool.inputSchema, (byName = new Map()));
  const hit = byName.get(tool.name);
  if (hit !== undefined && hit.description === tool.description) return hit.digest;
  const text = `${JSON.stringify(tool.name)}\n${JSON.stringify(tool.description)}\n${canonicalJsonOnce(tool.inputSchema)}`;
  const digest = createHash('sha256').update(text, 'utf8').digest('hex');
  byName.set(tool.name, { description: tool.description, digest });
  return digest;
}

/**
 * sha256 over provider id, endpoint base URL, model, settings and the canonical request body (never a key).
 * The body's `tools` are hashed from the request's tools in the order shown (the dialect's wrapping of
 * them is constant per provider), each by its remembered digest: a 180 KiB surface costs one
 * serialisation per run, and a trial's fingerprint stays a few µs (it was 0.4–2.5 ms hashing the whole
 * body every trial).
 */
export function requestFingerprint(provider: string, endpoint: string, request: TurnRequest, body: object): string {
  const hash = createHash('sha256');
  hash.update(fingerprintHead(provider, endpoint, request, body), 'utf8');
  // The digests in order as one string: the same bytes as one update per tool, one call into the hash.
  let digests = '';
  for (const tool of request.tools) digests += toolDigest(tool);
  hash.update(digests, 'latin1');
  return `sha256:${hash.digest('hex')}`;
}

/**
 * The canonical JSON of everything but the tools. The trials of a run have equal settings (each rendered
 * afresh: flat objects of numbers and strings) and a provider one body object (the lexical baseline's is the
 * same object every turn), so the text of the last one is reused while the body is the same object and the
 * settings are equal key by key (a few µs a trial on a 5 000-trial lexical run).
 */
let lastHead: { provider: string; endpoint: string; model: string; settings: object; body: object; text: string } | undefined;
/** Two flat objects with the same keys holding identical primitive values (any nested object: false). */
function sameFlat(a: object, b: object): boolean {
  if (a === b) return true;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    const va = (a as Record<string, unknown>)[k];
    if ((va !== null && typeof va === 'object') || !Object.hasOwn(b, k) || va !== (b as Record<string, unknown>)[k]) return false;
  }
  return true;
}
function fingerprintHead(provider: string, endpoint: string, request: TurnRequest, body: object): string {
  const l = lastHead;
  if (l !== undefined && l.body === body && sameFlat(l.settings, request.settings) && l.model === request.model && l.provider === provider && l.endpoint === endpoint) return l.text;
  const { tools: _tools, ...rest } = body as Record<string, unknown>;
  const text = canonicalJson({ provider, endpoint, model: request.model, settings: request.settings, body: rest });
  lastHead = { provider, endpoint, model: request.model, settings: { ...request.settings }, body, text };
  return text;
}

/** sha256 over provider id, endpoint base URL and the adapter's options: what identifies a provider across runs. */
export function providerFingerprint(provider: string, endpoint: string, options: Record<string, unknown> = {}): string {
  const text = canonicalJson({ provider, endpoint, options });
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}
