import { describe, expect, it } from 'vitest';
import { toolRegions } from './tool-positions.js';

describe('toolRegions', () => {
  it('finds each tool name member with 1-based lines and columns', () => {
    const text = '{\n  "tools": [\n    { "name": "a.b",\n      "description": "x" },\n    {"name":"é_c"}\n  ]\n}\n';
    expect(toolRegions(text, ['a.b', 'é_c', 'missing'])).toEqual(
      new Map([
        ['a.b', { startLine: 3, startColumn: 7, endLine: 3, endColumn: 20 }],
        ['é_c', { startLine: 5, startColumn: 6, endLine: 5, endColumn: 18 }],
      ]),
    );
  });

  it('does not take a regex-special name as a pattern', () => {
    expect(toolRegions('{"name":"ab"}', ['a.'])).toEqual(new Map());
  });
});
