// The model catalogue of the service: the checked-in default (server/models.json) or the file
// TOOLMARK_MODELS names, validated at start with an error naming the file, the entry and what is wrong.
// Keys are never in it: each provider reads its key from the environment, and a model whose key is missing
// is listed as unavailable (never dropped).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BASELINE_MODEL_ID, generatorModelId, ModelCatalogueSchema, ToolmarkError, type CatalogueGeneratorModel, type CatalogueModel, type ModelCatalogue } from '@toolmark/benchmarks';
import type { z } from 'zod';
import { classifyAddress, isMetadataHostName } from './capture/address-ranges.js';
import { checkBaseUrl } from './providers/provider.js';
import { COMPATIBLE_PRESETS } from './providers/compatible-presets.js';
import { isProviderId, keyVariableOf, MODEL_OPTIONAL, PROVIDER_IDS, type ProviderId } from './providers/index.js';

export type { ProviderId } from './providers/index.js';

/** The checked-in default catalogue: only the lexical baseline enabled, so a fresh install needs no key. */
export const DEFAULT_CATALOGUE_FILE = fileURLToPath(new URL('../models.json', import.meta.url));

/** The lexical baseline's entry, added when a catalogue leaves it out: it is always offered. */
const BASELINE: z.input<typeof ModelCatalogueSchema>['models'][number] = {
  id: BASELINE_MODEL_ID,
  label: 'Lexical baseline (not a model)',
  provider: 'lexical',
  unitPrice: 0,
  status: 'enabled',
  concurrency: 8,
};

/** A catalogue that failed to load: the file, the entry (index and id) and the path in it. */
export class CatalogueError extends ToolmarkError<'invalid_catalogue', { file: string; path?: string; model?: string }> {
  override readonly name = 'CatalogueError';
}

/** A loaded catalogue: where it came from, and its models with providers checked. */
export interface Catalogue extends ModelCatalogue {
  file: string;
  models: (CatalogueModel & { provider: ProviderId })[];
}

/** Which loopback ports a base URL may name: these, the presets' own (Ollama 11434, vLLM 8000), or any (tests' fakes). */
export interface CatalogueOptions {
  loopbackPorts?: readonly number[] | 'any';
}

/** The ports of the presets' default base URLs on this machine: a local Ollama or vLLM needs no setting. */
const PRESET_LOOPBACK_PORTS: readonly number[] = Object.values(COMPATIBLE_PRESETS)
  .map((p) => Number(new URL(p.defaultBaseURL).port))
  .filter((port) => port > 0);

/**
 * Where a base URL may point, beyond checkBaseUrl's rules (https for keys, no credentials or query): never a
 * cloud metadata endpoint (169.254.169.254, fd00:ec2::254, metadata.google.internal …: they hand out the
 * machine's credentials, over https too) nor an address that is no destination (unspecified, multicast,
 * broadcast, reserved, documentation) — capture's address ranges decide, the same table as for registered
 * URLs — and on this machine (loopback) only a port the operator allowed (TOOLMARK_MODELS_LOOPBACK_PORTS,
 * plus the presets' own): an arbitrary one reaches the service's own database or API with a provider key.
 * Private networks stay open (a model gateway on the LAN is a normal setup).
 */
export function checkBaseUrlHost(baseUrl: string, options: CatalogueOptions = {}): void {
  const url = new URL(baseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isMetadataHostName(host)) throw new Error(`${url.host} is a cloud metadata service, never a model endpoint`);
  let kind: string;
  try {
    kind = classifyAddress(host).kind;
  } catch {
    kind = /^localhost$/i.test(host) || /\.localhost$/i.test(host) ? 'loopback' : 'name';
  }
  if (['metadata', 'unspecified', 'multicast', 'broadcast', 'reserved', 'documentation'].includes(kind)) {
    throw new Error(`${url.host} is ${kind === 'metadata' ? 'a cloud metadata address' : `a ${kind} address`}, never a model endpoint`);
  }
  if (kind !== 'loopback' || options.loopbackPorts === 'any') return;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const allowed = [...PRESET_LOOPBACK_PORTS, ...(options.loopbackPorts ?? [])];
  if (!allowed.includes(port)) {
    throw new Error(`port ${port} on this machine is not allowed (allowed: ${[...new Set(allowed)].join(', ')}); add it to TOOLMARK_MODELS_LOOPBACK_PORTS if a model server listens there`);
  }
}

/** Read and validate a catalogue file (default: TOOLMARK_MODELS, else the checked-in one). */
export function loadCatalogue(file: string = DEFAULT_CATALOGUE_FILE, options: CatalogueOptions = {}): Catalogue {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CatalogueError('invalid_catalogue', `model catalogue ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { file });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CatalogueError('invalid_catalogue', `model catalogue ${file}: not JSON (${error instanceof Error ? error.message : String(error)})`, { file });
  }
  return parseCatalogue(value, file, options);
}

/** Validate a catalogue value; `file` names it in errors. */
export function parseCatalogue(value: unknown, file: string, options: CatalogueOptions = {}): Catalogue {
  const parsed = ModelCatalogueSchema.safeParse(value);
  const entryOf = (path: readonly PropertyKey[]): string => {
    if (path[0] !== 'models' || typeof path[1] !== 'number') return '';
    const id = (value as { models?: { id?: unknown }[] }).models?.[path[1]]?.id;
    return typeof id === 'string' ? ` (model "${id}")` : '';
  };
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String).join('.');
    throw new CatalogueError('invalid_catalogue', `model catalogue ${file}: ${path}${entryOf(issue.path)}: ${issue.message}`, { file, path });
  }
  const catalogue = parsed.data;
  const seen = new Set<string>();
  const fail = (i: number, field: string, message: string): never => {
    const id = catalogue.models[i]!.id;
    throw new CatalogueError('invalid_catalogue', `model catalogue ${file}: models.${i}.${field} (model "${id}"): ${message}`, { file, path: `models.${i}.${field}`, model: id });
  };
  catalogue.models.forEach((m, i) => {
    if (seen.has(m.id)) fail(i, 'id', 'appears twice');
    seen.add(m.id);
    if (!isProviderId(m.provider)) fail(i, 'provider', `unknown provider; known: ${PROVIDER_IDS.join(', ')}`);
    const provider = m.provider as ProviderId;
    if (m.model === undefined && !MODEL_OPTIONAL.has(provider)) fail(i, 'model', `provider ${provider} needs a model name`);
    if (provider === 'openai-compatible' && m.baseUrl === undefined) fail(i, 'baseUrl', 'openai-compatible needs a base URL (e.g. http://127.0.0.1:11434/v1 for a local Ollama)');
    if (m.baseUrl !== undefined) {
      try {
        checkBaseUrl(m.baseUrl, provider, keyVariableOf(provider) !== undefined);
        checkBaseUrlHost(m.baseUrl, options);
      } catch (error) {
        fail(i, 'baseUrl', error instanceof Error ? error.message : String(error));
      }
    }
    if (provider === 'lexical' && m.unitPrice !== 0) fail(i, 'unitPrice', 'the lexical baseline costs 0 units');
    if (provider === 'lexical' && m.id !== BASELINE_MODEL_ID) fail(i, 'id', `the lexical baseline's id is ${BASELINE_MODEL_ID}`);
  });
  const g = catalogue.generatorModel;
  if (g !== undefined) {
    const failGenerator = (field: string, message: string): never => {
      throw new CatalogueError('invalid_catalogue', `model catalogue ${file}: generatorModel.${field}: ${message}`, { file, path: `generatorModel.${field}` });
    };
    if (!isProviderId(g.provider) || MODEL_OPTIONAL.has(g.provider)) failGenerator('provider', `needs a model provider (the baseline and the mock cannot write cases); known: ${PROVIDER_IDS.filter((p) => !MODEL_OPTIONAL.has(p)).join(', ')}`);
    const provider = g.provider as ProviderId;
    if (provider === 'openai-compatible' && g.baseUrl === undefined) failGenerator('baseUrl', 'openai-compatible needs a base URL');
    if (g.baseUrl !== undefined) {
      try {
        checkBaseUrl(g.baseUrl, provider, keyVariableOf(provider) !== undefined);
        checkBaseUrlHost(g.baseUrl, options);
      } catch (error) {
        failGenerator('baseUrl', error instanceof Error ? error.message : String(error));
      }
    }
  }
  const models = seen.has(BASELINE_MODEL_ID) ? catalogue.models : [ModelCatalogueSchema.shape.models.element.parse(BASELINE), ...catalogue.models];
  return { ...catalogue, file, models: models as Catalogue['models'] };
}

/** Whether a model can be started now, and why not: paused by the operator, or its key missing from the environment. */
export function availabilityOf(model: Catalogue['models'][number], env: Readonly<Record<string, string | undefined>>): { status: 'enabled' | 'paused' | 'unavailable'; reason: string | null } {
  if (model.status === 'paused') return { status: 'paused', reason: 'paused by the operator' };
  const variable = keyVariableOf(model.provider);
  const optional = model.provider in COMPATIBLE_PRESETS && COMPATIBLE_PRESETS[model.provider as keyof typeof COMPATIBLE_PRESETS].keyOptional;
  if (variable !== undefined && !optional && (env[variable] ?? '').trim() === '') return { status: 'unavailable', reason: `the service has no API key for it (${variable} is not set)` };
  return { status: 'enabled', reason: null };
}

/** Whether the generator model can write cases now: unavailable when its key is missing from the environment. */
export function generatorAvailability(g: CatalogueGeneratorModel, env: Readonly<Record<string, string | undefined>>): { status: 'enabled' | 'unavailable'; reason: string | null } {
  const { status, reason } = availabilityOf({ provider: g.provider, status: 'enabled' } as Catalogue['models'][number], env);
  return status === 'enabled' ? { status, reason } : { status: 'unavailable', reason };
}

/** The generator model as the API shows it (no endpoint, no settings). */
export function generatorModelRef(catalogue: Catalogue, env: Readonly<Record<string, string | undefined>>) {
  const g = catalogue.generatorModel;
  if (g === undefined) return null;
  return { id: generatorModelId(g), provider: g.provider, model: g.model, unitPrice: g.unitPrice, ...generatorAvailability(g, env) };
}

/** A model as the API shows it. */
export function modelRef(model: Catalogue['models'][number], env: Readonly<Record<string, string | undefined>>) {
  const { status, reason } = availabilityOf(model, env);
  return { id: model.id, label: model.label ?? model.id, provider: model.provider, baseline: model.provider === 'lexical', status, reason, unitPrice: model.unitPrice, preselected: model.preselected };
}

/** The models a request without `models` gets: the preselected ones that can start (the baseline when none). */
export function preselectedModels(catalogue: Catalogue, env: Readonly<Record<string, string | undefined>>): string[] {
  const ids = catalogue.models.filter((m) => m.preselected && availabilityOf(m, env).status === 'enabled').map((m) => m.id);
  return ids.length > 0 ? ids : [BASELINE_MODEL_ID];
}
