// Which bin the catalogue starts: the names npm links, not the keys as written (issue 27's @brightdata/mcp).
import { describe, expect, it } from 'vitest';
import { linkedBinName } from '../capture/npm-package.js';
import { chooseCatalogueBin, packageBins } from './facts.js';

describe('packageBins', () => {
  it('names a string bin after the package without its scope, and a key with a path by its last part', () => {
    expect(packageBins('@scope/srv', { bin: 'dist/index.js' })).toEqual(['srv']);
    expect(packageBins('@brightdata/mcp', { bin: { '@brightdata/mcp': 'server.js' } })).toEqual(['mcp']);
    expect(packageBins('x', { bin: { a: 'a.js', 'tools/b': 'b.js' } })).toEqual(['a', 'b']);
    expect(packageBins('x', {})).toEqual([]);
    expect(linkedBinName('a\\b:c')).toBe('c');
  });

  it('chooses the only bin, else the one named like the package, else one saying mcp', () => {
    expect(chooseCatalogueBin('@s/srv', ['cli', 'srv'])).toBe('srv');
    expect(chooseCatalogueBin('x', ['cli', 'x-mcp'])).toBe('x-mcp');
    expect(chooseCatalogueBin('x', [])).toBeNull();
  });
});
