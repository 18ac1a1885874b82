// The model catalogue: the checked-in default (only the baseline enabled, so a fresh install needs no key),
// validation naming the file, the entry and what is wrong, the baseline always present and free, and
// availability from the environment (a missing key: unavailable, never dropped).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASELINE_MODEL_ID } from '@toolmark/benchmarks';
import { loadConfig } from '../src/config.js';
import { availabilityOf, loadCatalogue, parseCatalogue, preselectedModels } from '../src/model-catalogue.js';

const refused = (value: unknown): string => {
  try {
    parseCatalogue(value, 'models.json');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('the model catalogue', () => {
  it('the default file enables only the baseline, which is free and preselected', () => {
    const c = loadCatalogue();
    const enabled = c.models.filter((m) => availabilityOf(m, {}).status === 'enabled');
    expect(enabled.map((m) => m.id)).toEqual([BASELINE_MODEL_ID]);
    expect(enabled[0]).toMatchObject({ provider: 'lexical', unitPrice: 0 });
    expect(preselectedModels(c, {})).toEqual([BASELINE_MODEL_ID]);
  });

  it('adds the baseline when a file leaves it out', () => {
    const c = parseCatalogue({ version: 1, models: [{ id: 'openai/m', provider: 'openai', model: 'm', unitPrice: 1 }] }, 'x.json');
    expect(c.models.map((m) => m.id)).toEqual([BASELINE_MODEL_ID, 'openai/m']);
  });

  it('names the file, the entry and what is wrong', () => {
    expect(refused({ version: 1, models: [{ id: 'openai/m', provider: 'gpt', model: 'm', unitPrice: 1 }] })).toBe(
      'model catalogue models.json: models.0.provider (model "openai/m"): unknown provider; known: openai, openai-chat, anthropic, ollama, vllm, openrouter, together, openai-compatible, lexical, mock',
    );
    expect(refused({ version: 1, models: [{ id: 'openai/m', provider: 'openai', unitPrice: 1 }] })).toContain('models.0.model (model "openai/m"): provider openai needs a model name');
    expect(refused({ version: 1, models: [{ id: 'local/x', provider: 'openai-compatible', model: 'x', unitPrice: 0 }] })).toContain('models.0.baseUrl (model "local/x"): openai-compatible needs a base URL');
    expect(refused({ version: 1, models: [{ id: 'a/b', provider: 'openai', model: 'b', unitPrice: 1, baseUrl: 'http://gw.example.com/v1' }] })).toContain('refusing to send an API key over plain HTTP');
    expect(refused({ version: 1, models: [{ id: 'a/b', provider: 'openai', model: 'b', unitPrice: -1 }] })).toContain('models.0.unitPrice (model "a/b")');
    expect(refused({ version: 1, models: [{ id: 'a/b', provider: 'openai', model: 'b', unitPrice: 1, apiKey: 'sk-x' }] })).toContain('models.0 (model "a/b")');
    expect(refused({ version: 1, models: [{ id: BASELINE_MODEL_ID, provider: 'lexical', unitPrice: 2 }] })).toContain('the lexical baseline costs 0 units');
    expect(refused({ version: 1, models: [{ id: 'a/b', provider: 'openai', model: 'b', unitPrice: 1 }, { id: 'a/b', provider: 'openai', model: 'c', unitPrice: 1 }] })).toContain('models.1.id (model "a/b"): appears twice');
    expect(refused({ version: 2, models: [] })).toContain('models.json: version');
    expect(refused({ version: 1, models: [], generatorModel: { provider: 'lexical', model: 'x', unitPrice: 1 } })).toContain('generatorModel.provider: needs a model provider (the baseline and the mock cannot write cases)');
    expect(refused({ version: 1, models: [], generatorModel: { provider: 'openai-compatible', model: 'x', unitPrice: 1 } })).toContain('generatorModel.baseUrl: openai-compatible needs a base URL');
    expect(refused({ version: 1, models: [], generatorModel: { provider: 'openai', model: 'x', unitPrice: 1, baseUrl: 'http://gw.example.com/v1' } })).toContain('generatorModel.baseUrl: ');
    expect(refused({ version: 1, models: [], generatorModel: { provider: 'openai', unitPrice: 1 } })).toContain('generatorModel.model');
    const dir = mkdtempSync(join(tmpdir(), 'tm-cat-'));
    writeFileSync(join(dir, 'bad.json'), '{ not json');
    expect(() => loadCatalogue(join(dir, 'bad.json'))).toThrow(/bad\.json: not JSON/);
    expect(() => loadCatalogue(join(dir, 'none.json'))).toThrow(/none\.json: cannot be read \(ENOENT\)/);
  });

  it('a model whose key is missing is unavailable and says which variable; a paused one is paused; keyless presets are enabled', () => {
    const c = parseCatalogue(
      {
        version: 1,
        models: [
          { id: 'openai/m', provider: 'openai', model: 'm', unitPrice: 1, preselected: true },
          { id: 'anthropic/p', provider: 'anthropic', model: 'p', unitPrice: 1, status: 'paused' },
          { id: 'ollama/q', provider: 'ollama', model: 'q', unitPrice: 0 },
        ],
      },
      'x.json',
    );
    const [, openai, anthropic, ollama] = c.models;
    expect(availabilityOf(openai!, {})).toEqual({ status: 'unavailable', reason: 'the service has no API key for it (OPENAI_API_KEY is not set)' });
    expect(availabilityOf(openai!, { OPENAI_API_KEY: 'k' }).status).toBe('enabled');
    expect(availabilityOf(anthropic!, { ANTHROPIC_API_KEY: 'k' }).status).toBe('paused');
    expect(availabilityOf(ollama!, {}).status).toBe('enabled');
    // Preselected but unavailable: a request without models falls back to the baseline.
    expect(preselectedModels(c, {})).toEqual([BASELINE_MODEL_ID]);
    expect(preselectedModels(c, { OPENAI_API_KEY: 'k' })).toEqual(['openai/m']);
  });
});

describe('where a base URL may point (issue 23)', () => {
  const entry = (baseUrl: string, provider = 'openai-compatible') => ({ version: 1, models: [{ id: 'x/y', provider, model: 'y', unitPrice: 1, baseUrl }] });
  const refusedWith = (baseUrl: string, options?: Parameters<typeof parseCatalogue>[2], provider?: string): string => {
    try {
      parseCatalogue(entry(baseUrl, provider), 'models.json', options);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`accepted ${baseUrl}`);
  };

  it('refuses cloud metadata endpoints, by address or by name, over https too, also as the generator', () => {
    for (const url of ['https://169.254.169.254/v1', 'https://169.254.169.254:8443/latest', 'https://[fd00:ec2::254]/v1', 'https://metadata.google.internal/v1', 'https://METADATA.GOOGLE.INTERNAL./v1', 'https://[::ffff:169.254.169.254]/v1', 'https://100.100.100.200/v1']) {
      expect(refusedWith(url), url).toMatch(/models\.0\.baseUrl \(model "x\/y"\): .* (a cloud metadata (address|service)), never a model endpoint/);
    }
    expect(refusedWith('https://169.254.169.254/v1', undefined, 'openai')).toContain('cloud metadata');
    expect(() => parseCatalogue({ version: 1, models: [], generatorModel: { provider: 'openai', model: 'x', unitPrice: 1, baseUrl: 'https://169.254.169.254/v1' } }, 'g.json')).toThrow(/generatorModel\.baseUrl: .*cloud metadata/);
    expect(refusedWith('https://0.0.0.0/v1')).toContain('unspecified address');
  });

  it('loopback: the presets\' ports (Ollama, vLLM) and the allowed ones only; private networks and public hosts stay open', () => {
    for (const url of ['http://127.0.0.1:5432/v1', 'http://localhost:3000/v1', 'http://[::1]:22/v1', 'http://127.0.0.2/v1']) {
      expect(refusedWith(url), url).toMatch(/on this machine is not allowed \(allowed: 11434, 8000\); add it to TOOLMARK_MODELS_LOOPBACK_PORTS/);
    }
    for (const url of ['http://localhost:11434/v1', 'http://127.0.0.1:8000/v1', 'https://10.0.0.5:8080/v1', 'https://gateway.example.com/v1']) {
      expect(parseCatalogue(entry(url), 'models.json').models.find((m) => m.id === 'x/y')?.baseUrl, url).toBe(url);
    }
    expect(parseCatalogue(entry('http://127.0.0.1:1234/v1'), 'models.json', { loopbackPorts: [1234] }).models).toHaveLength(2);
  });

  it('TOOLMARK_MODELS_LOOPBACK_PORTS is read by the service', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolmark-models-'));
    const file = join(dir, 'models.json');
    writeFileSync(file, JSON.stringify(entry('http://127.0.0.1:1234/v1')));
    expect(() => loadCatalogue(file)).toThrow(/port 1234 on this machine is not allowed/);
    const config = loadConfig({ TOOLMARK_MODELS_LOOPBACK_PORTS: ' 1234, 8080 ' });
    expect(config.TOOLMARK_MODELS_LOOPBACK_PORTS).toEqual([1234, 8080]);
    expect(loadCatalogue(file, { loopbackPorts: config.TOOLMARK_MODELS_LOOPBACK_PORTS }).models).toHaveLength(2);
    expect(() => loadConfig({ TOOLMARK_MODELS_LOOPBACK_PORTS: '99999' })).toThrow();
    expect(() => loadConfig({ TOOLMARK_MODELS_LOOPBACK_PORTS: 'ollama' })).toThrow();
  });
});
