import { describe, expect, it } from 'vitest';
import { configOptions, configTarget, parseRunConfig } from './config-file.js';

const errorOf = (value: unknown): { message: string; detail: Record<string, unknown> } => {
  try {
    parseRunConfig(value, '/p/toolmark.config.json');
  } catch (e) {
    return e as { message: string; detail: Record<string, unknown> };
  }
  throw new Error('no error');
};

describe('parseRunConfig', () => {
  it('refuses secrets anywhere, by field name or by a key-looking value, and never echoes the value', () => {
    for (const [value, path] of [
      [{ provider: { name: 'openai', apiKey: 'x' } }, 'provider.apiKey'],
      [{ provider: { name: 'openai', OPENAI_API_KEY: 'x' } }, 'provider.OPENAI_API_KEY'],
      [{ target: { command: 'node s.js', env: { GITHUB_TOKEN: 'x' } } }, 'target.env.GITHUB_TOKEN'],
      [{ secret: 'x' }, 'secret'],
      [{ trials: { distractors: ['sk-ant-abcdefghijklmnopqrstu'] } }, 'trials.distractors.0'],
    ] as const) {
      const e = errorOf(value);
      expect(e.message).toMatch(/API keys are never config fields; set OPENAI_API_KEY/);
      expect(e.detail).toMatchObject({ path, where: '/p/toolmark.config.json' });
      expect(e.message).not.toContain('sk-ant-');
    }
    // Token counts are not secrets.
    expect(parseRunConfig({ thresholds: { maxContextTokens: 4000 }, trials: { maxOutputTokens: 512 } }, 'c.json').thresholds?.maxContextTokens).toBe(4000);
  });

  it('says the file, the path and what for unknown keys, wrong types and ranges', () => {
    expect(errorOf({ provider: { name: 'gpt' } }).message).toMatch(/^toolmark\.config\.json: provider\.name: /);
    expect(errorOf({ trials: { repeat: 0 } }).detail).toMatchObject({ path: 'trials.repeat' });
    expect(errorOf({ tresholds: {} }).message).toBe('toolmark.config.json: unknown key(s) "tresholds"');
    expect(errorOf({ trials: { seed: 1.5 } }).detail).toMatchObject({ path: 'trials.seed' });
  });

  it('turns the config into option values (paths relative to its folder) and a source', () => {
    const loaded = { file: '/p/cfg/toolmark.config.json', config: parseRunConfig({ target: './tools.json', tasks: 't.yaml', provider: { name: 'lexical' }, trials: { repeat: 2, permute: false, only: ['td:', 'nc:'] }, thresholds: { minAccuracy: 0.9 }, report: { out: 'r.json' } }, 'x') };
    expect(configOptions(loaded)).toEqual({ tasks: '/p/cfg/t.yaml', provider: 'lexical', permute: false, only: 'td:,nc:', out: '/p/cfg/r.json', repeat: '2', minAccuracy: '0.9' });
    expect(configTarget(loaded)).toEqual({ file: '/p/cfg/tools.json' });
    expect(configTarget({ file: '/p/c.json', config: { target: { command: 'node ./s.js --flag', env: { MODE: 'x' } } } })).toEqual({ command: ['node', './s.js', '--flag'], env: ['MODE=x'] });
    expect(configTarget({ file: '/p/c.json', config: { target: { url: 'https://mcp.example.com/mcp' } } })).toEqual({ url: 'https://mcp.example.com/mcp' });
  });
});
