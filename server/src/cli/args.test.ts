import { describe, expect, it } from 'vitest';
import { CliError } from './errors.js';
import type { CliIo } from './io.js';
import { describeSource, parseEnvPairs, parseSeconds, resolveSource, splitCommand, type SourceOptions } from './args.js';

const io = { env: { TOOLMARK_HTTP_AUTHORIZATION: 'Bearer x', TOOLMARK_HTTP_AUTHORIZATION_ORIGIN: 'https://a.example' } } as unknown as CliIo;
const options = (extra: Partial<SourceOptions> = {}): SourceOptions => ({ env: [], timeout: '60', connectTimeout: '30', ...extra });
const usage = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof CliError && error.code === 'usage') return error.message;
    throw error;
  }
  throw new Error('expected a usage error');
};

describe('splitCommand', () => {
  it('splits at the first -- only, so the server keeps its own --', () => {
    expect(splitCommand(['lint', '--json', '--', 'node', 's.js', '--', 'x'])).toEqual({
      ours: ['lint', '--json'],
      command: ['node', 's.js', '--', 'x'],
    });
    expect(splitCommand(['lint', 'f.json'])).toEqual({ ours: ['lint', 'f.json'], command: undefined });
  });
});

describe('parseEnvPairs', () => {
  it('parses KEY=VALUE, values may contain = or be empty', () => {
    expect(parseEnvPairs(['A=1', 'B=x=y', 'C='])).toEqual({ A: '1', B: 'x=y', C: '' });
  });

  it('refuses a pair without = or with a bad name', () => {
    expect(usage(() => parseEnvPairs(['A']))).toContain('KEY=VALUE');
    expect(usage(() => parseEnvPairs(['1A=x']))).toContain('KEY=VALUE');
    expect(usage(() => parseEnvPairs(['A B=x']))).toContain('KEY=VALUE');
  });
});

describe('parseSeconds', () => {
  it('turns seconds into milliseconds and refuses nonsense', () => {
    expect(parseSeconds('1.5', '--timeout')).toBe(1500);
    for (const bad of ['0', '-1', 'x', '', '99999']) expect(usage(() => parseSeconds(bad, '--timeout'))).toContain('--timeout');
  });
});

describe('resolveSource', () => {
  it('takes exactly one of file, --url and a command', () => {
    expect(resolveSource('t.json', options(), undefined, io)).toEqual({ kind: 'file', path: 't.json' });
    expect(resolveSource(undefined, options({ url: 'https://a.example/mcp' }), undefined, io)).toEqual({
      kind: 'http',
      url: 'https://a.example/mcp',
      auth: { authorization: 'Bearer x', origin: 'https://a.example' },
    });
    expect(resolveSource(undefined, options({ env: ['K=v'] }), ['node', 's.js'], io)).toEqual({
      kind: 'stdio',
      command: 'node',
      args: ['s.js'],
      env: { K: 'v' },
    });
    expect(usage(() => resolveSource(undefined, options(), undefined, io))).toContain('say what to read');
    expect(usage(() => resolveSource('t.json', options(), ['node'], io))).toContain('only one');
    expect(usage(() => resolveSource(undefined, options(), [], io))).toContain('nothing after --');
    expect(usage(() => resolveSource('t.json', options({ env: ['K=v'] }), undefined, io))).toContain('--env');
  });
});

describe('describeSource', () => {
  it('names a URL without its query or credentials', () => {
    expect(describeSource({ kind: 'http', url: 'https://u:p@a.example/mcp?key=secret' })).toBe('https://a.example/mcp');
    expect(describeSource({ kind: 'http', url: 'nonsense' })).toBe('--url');
    expect(describeSource({ kind: 'file', path: '-' })).toBe('stdin');
  });
});
