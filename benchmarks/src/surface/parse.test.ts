import { describe, expect, it } from 'vitest';
import { inputError } from './test/input-error.js';
import type { InputErrorCode } from '../errors.js';
import { MAX_SURFACE_BYTES, MAX_SURFACE_TOOLS } from './limits.js';
import { parseSurfaceText, parseSurfaceValue, utf8Length } from './parse.js';

const t = (name: string, extra: Record<string, unknown> = {}) => ({ name, inputSchema: { type: 'object' }, ...extra });


const expectError = (fn: () => unknown, code: InputErrorCode, detail: Record<string, unknown>, message?: string | RegExp) => {
  const err = inputError(fn);
  expect(err.code).toBe(code);
  expect(err.detail).toEqual(detail);
  if (message !== undefined) expect(err.message).toMatch(message);
  return err;
};

describe('parseSurface: the three shapes', () => {
  const tools = [t('read_file'), t('write_file')];

  it('reads { tools: [...] }', () => {
    expect(parseSurfaceValue({ tools }).tools.map((x) => x.name)).toEqual(['read_file', 'write_file']);
  });

  it('reads a JSON-RPC response envelope', () => {
    const out = parseSurfaceText(JSON.stringify({ jsonrpc: '2.0', id: 7, result: { tools, nextCursor: 'abc' } }));
    expect(out.tools.map((x) => x.name)).toEqual(['read_file', 'write_file']);
  });

  it('reads a bare array of tools', () => {
    expect(parseSurfaceText(JSON.stringify(tools)).tools.map((x) => x.name)).toEqual(['read_file', 'write_file']);
  });

  it('reads an empty tools list', () => {
    expect(parseSurfaceValue({ tools: [] })).toEqual({ tools: [] });
    expect(parseSurfaceValue([])).toEqual({ tools: [] });
  });

  it('keeps every field the server sent, known and unknown, in order', () => {
    const raw = {
      name: 'read_file',
      title: 'Read file',
      description: 'Reads a file.  \r\n',
      inputSchema: { type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema', 'x-vendor': { a: 1 } },
      outputSchema: { type: 'object' },
      annotations: { readOnlyHint: true, vendorHint: 'x' },
      _meta: { 'io.example/id': 3 },
      icons: [{ src: 'https://example.com/i.png' }],
      execution: { taskSupport: 'optional' },
    };
    const out = parseSurfaceValue({ tools: [raw] });
    expect(out.tools[0]).toEqual(raw);
    expect(Object.keys(out.tools[0]!)).toEqual(Object.keys(raw));
    // Nothing is normalised while parsing.
    expect(out.tools[0]!.description).toBe('Reads a file.  \r\n');
  });

  it('accepts camelCase, kebab-case and unicode names', () => {
    const out = parseSurfaceValue({ tools: [t('getUser'), t('get-user'), t('ファイル')] });
    expect(out.tools.map((x) => x.name)).toEqual(['getUser', 'get-user', 'ファイル']);
  });
});

describe('parseSurface: errors say where and what to fix', () => {
  it('invalid_json, at $', () => {
    expectError(() => parseSurfaceText('{"tools": ['), 'invalid_json', { path: '$' }, /^surface is not valid JSON: /);
    expectError(() => parseSurfaceText(''), 'invalid_json', { path: '$' });
  });

  it('invalid_json for a value that cannot be serialised', () => {
    const cyclic: Record<string, unknown> = { tools: [] };
    cyclic.self = cyclic;
    expectError(() => parseSurfaceValue(cyclic), 'invalid_json', { path: '$.self' }, 'surface cannot be serialised as JSON: it contains itself at $.self');
  });

  it('missing_tools for a scalar, an object without tools, or tools that is not an array', () => {
    for (const v of [null, 42, 'tools', true]) expectError(() => parseSurfaceValue(v), 'missing_tools', { path: '$', key: 'tools' });
    expectError(() => parseSurfaceValue({ tool: [] }), 'missing_tools', { path: '$', key: 'tools' }, 'no "tools" array found');
    expectError(() => parseSurfaceValue({ tools: { a: 1 } }), 'missing_tools', { path: '$.tools', key: 'tools' }, '"tools" must be an array');
  });

  it('missing_tools for a JSON-RPC error envelope, with the server’s message', () => {
    const envelope = { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } };
    expectError(() => parseSurfaceText(JSON.stringify(envelope)), 'missing_tools', { path: '$.error', key: 'result' }, 'JSON-RPC response carries an error, not tools: Method not found');
    expectError(() => parseSurfaceValue({ jsonrpc: '2.0', id: 1, error: { code: 1 } }), 'missing_tools', { path: '$.error', key: 'result' }, /unknown error$/);
  });

  it('missing_tools for a JSON-RPC result without tools', () => {
    expectError(() => parseSurfaceValue({ jsonrpc: '2.0', id: 1, result: { resources: [] } }), 'missing_tools', { path: '$.result.tools', key: 'tools' });
    expectError(() => parseSurfaceValue({ jsonrpc: '2.0', id: 1 }), 'missing_tools', { path: '$.result.tools', key: 'tools' });
  });

  it('invalid_tool for a tool that is not an object, with its index', () => {
    expectError(() => parseSurfaceValue({ tools: [t('a'), 'b'] }), 'invalid_tool', { path: '$.tools[1]' }, '$.tools[1] must be an object');
    expectError(() => parseSurfaceValue([null]), 'invalid_tool', { path: '$[0]' });
    expectError(() => parseSurfaceValue({ jsonrpc: '2.0', id: 1, result: { tools: [[]] } }), 'invalid_tool', { path: '$.result.tools[0]' });
  });

  it('invalid_tool for a non-string description or title, naming the tool and key', () => {
    expectError(() => parseSurfaceValue({ tools: [t('a', { description: 5 })] }), 'invalid_tool', { path: '$.tools[0].description', key: 'description', names: ['a'] });
    expectError(() => parseSurfaceValue({ tools: [t('a'), t('b', { title: ['x'] })] }), 'invalid_tool', { path: '$.tools[1].title', key: 'title', names: ['b'] });
  });

  it('invalid_tool for outputSchema, annotations or _meta that are not objects', () => {
    for (const key of ['outputSchema', 'annotations', '_meta']) {
      expectError(() => parseSurfaceValue({ tools: [t('a', { [key]: [] })] }), 'invalid_tool', { path: `$.tools[0].${key}`, key, names: ['a'] }, `$.tools[0].${key} must be an object (tool "a")`);
    }
  });

  it('missing_tool_name for a missing, empty, blank or non-string name', () => {
    expectError(() => parseSurfaceValue({ tools: [t('a'), { inputSchema: {} }] }), 'missing_tool_name', { path: '$.tools[1].name', key: 'name' }, '$.tools[1] has no "name"');
    for (const name of ['', '   ', 5, null]) {
      expectError(() => parseSurfaceValue({ tools: [{ name, inputSchema: {} }] }), 'missing_tool_name', { path: '$.tools[0].name', key: 'name' }, '$.tools[0].name must be a non-empty string');
    }
  });

  it('duplicate_tool_name gives the name and both indexes', () => {
    const err = expectError(() => parseSurfaceValue({ tools: [t('read'), t('write'), t('read')] }), 'duplicate_tool_name', {
      path: '$.tools[2].name',
      key: 'name',
      names: ['read'],
      indexes: [0, 2],
    });
    expect(err.message).toBe('tool name "read" is used twice ($.tools[0] and $.tools[2]); names must be unique');
  });

  it('duplicate names are case-sensitive', () => {
    expect(parseSurfaceValue({ tools: [t('Read'), t('read')] }).tools).toHaveLength(2);
  });

  it('invalid_input_schema for a missing or non-object inputSchema', () => {
    expectError(() => parseSurfaceValue({ tools: [{ name: 'a' }] }), 'invalid_input_schema', { path: '$.tools[0].inputSchema', key: 'inputSchema', names: ['a'] }, 'tool "a" has no inputSchema (a JSON Schema object is required)');
    for (const inputSchema of [[], 'object', null, true]) {
      expectError(() => parseSurfaceValue({ tools: [{ name: 'a', inputSchema }] }), 'invalid_input_schema', { path: '$.tools[0].inputSchema', key: 'inputSchema', names: ['a'] }, 'inputSchema of tool "a" must be a JSON Schema object');
    }
  });

  it('toJSON gives the uniform error shape', () => {
    const err = inputError(() => parseSurfaceValue({ tools: [t('x'), t('x')] }));
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      error: { code: 'duplicate_tool_name', message: err.message, detail: { path: '$.tools[1].name', key: 'name', names: ['x'], indexes: [0, 1] } },
    });
    expect(err.name).toBe('InputError');
  });
});

describe('parseSurface: limits', () => {
  /** A surface text of exactly `bytes` UTF-8 bytes, padded with `pad` (1–4 bytes each). */
  function textOfBytes(bytes: number, pad = 'x'): string {
    const head = '{"tools":[{"name":"a","inputSchema":{},"description":"';
    const tail = '"}]}';
    const room = bytes - utf8Length(head + tail);
    const padBytes = utf8Length(pad);
    const text = head + pad.repeat(Math.floor(room / padBytes)) + 'x'.repeat(room % padBytes) + tail;
    expect(utf8Length(text)).toBe(bytes);
    return text;
  }

  it('accepts exactly 1 MiB and rejects one byte more, with limit and actual size', () => {
    expect(MAX_SURFACE_BYTES).toBe(1_048_576);
    expect(parseSurfaceText(textOfBytes(MAX_SURFACE_BYTES)).tools).toHaveLength(1);
    expectError(() => parseSurfaceText(textOfBytes(MAX_SURFACE_BYTES + 1)), 'payload_too_large', { path: '$', limit: 1_048_576, actual: 1_048_577 }, 'surface is 1048577 bytes; the limit is 1048576 bytes');
  });

  it('counts UTF-8 bytes, not characters (Japanese and emoji)', () => {
    expect(parseSurfaceText(textOfBytes(MAX_SURFACE_BYTES, 'あ')).tools).toHaveLength(1);
    const tooBig = textOfBytes(MAX_SURFACE_BYTES + 3, '😀');
    expect(tooBig.length).toBeLessThan(MAX_SURFACE_BYTES);
    expectError(() => parseSurfaceText(tooBig), 'payload_too_large', { path: '$', limit: 1_048_576, actual: 1_048_579 });
  });

  it('applies the byte limit to decoded values too (as their JSON text)', () => {
    const value = JSON.parse(textOfBytes(MAX_SURFACE_BYTES + 10));
    expectError(() => parseSurfaceValue(value), 'payload_too_large', { path: '$', limit: 1_048_576, actual: 1_048_586 });
    expect(parseSurfaceValue(JSON.parse(textOfBytes(MAX_SURFACE_BYTES))).tools).toHaveLength(1);
  });

  it('accepts 200 tools and rejects 201, at the path of the tools array', () => {
    expect(MAX_SURFACE_TOOLS).toBe(200);
    const many = (n: number) => Array.from({ length: n }, (_, i) => t(`tool_${i}`));
    expect(parseSurfaceValue({ tools: many(200) }).tools).toHaveLength(200);
    expectError(() => parseSurfaceValue({ tools: many(201) }), 'tool_limit_exceeded', { path: '$.tools', limit: 200, actual: 201 }, 'surface has 201 tools; the limit is 200');
    expectError(() => parseSurfaceValue(many(201)), 'tool_limit_exceeded', { path: '$', limit: 200, actual: 201 });
    expectError(() => parseSurfaceText(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: many(201) } })), 'tool_limit_exceeded', { path: '$.result.tools', limit: 200, actual: 201 });
  });

  it('checks the tool limit before looking into the tools', () => {
    expectError(() => parseSurfaceValue({ tools: Array.from({ length: 201 }, () => 'junk') }), 'tool_limit_exceeded', { path: '$.tools', limit: 200, actual: 201 });
  });

  it('honours custom limits', () => {
    expectError(() => parseSurfaceValue({ tools: [t('a'), t('b')] }, { maxTools: 1 }), 'tool_limit_exceeded', { path: '$.tools', limit: 1, actual: 2 });
    expectError(() => parseSurfaceText('[]', { maxBytes: 1 }), 'payload_too_large', { path: '$', limit: 1, actual: 2 });
  });
});

describe('utf8Length', () => {
  it('counts 1, 2, 3 and 4 bytes per code point', () => {
    expect(utf8Length('')).toBe(0);
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('あ')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('a😀あé')).toBe(Buffer.byteLength('a😀あé', 'utf8'));
  });

  it('counts a lone surrogate as 3 bytes (as a replacement character is encoded)', () => {
    expect(utf8Length('\ud83d')).toBe(3);
    expect(utf8Length('\ude00x')).toBe(4);
  });
});
