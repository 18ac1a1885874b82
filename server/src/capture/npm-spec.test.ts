import { describe, expect, it } from 'vitest';
import { CaptureError } from './errors.js';
import { parseNpmPackageSpec } from './npm-spec.js';

const refusal = (text: string): CaptureError => {
  try {
    parseNpmPackageSpec(text);
  } catch (error) {
    if (error instanceof CaptureError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
};

describe('parseNpmPackageSpec', () => {
  it.each([
    ['@modelcontextprotocol/server-memory@2026.8.31', '@modelcontextprotocol/server-memory', '2026.8.31'],
    ['@modelcontextprotocol/server-memory', '@modelcontextprotocol/server-memory', undefined],
    ['left-pad', 'left-pad', undefined],
    ['lodash.get@4.4.2', 'lodash.get', '4.4.2'],
    ['a@1.0.0-beta.2+build.7', 'a', '1.0.0-beta.2+build.7'],
    ['a@^1.2', 'a', '^1.2'],
    ['a@~1.2.3', 'a', '~1.2.3'],
    ['a@1.x', 'a', '1.x'],
    ['a@*', 'a', '*'],
    ['a@>=1.0.0 <2', 'a', '>=1.0.0 <2'],
    ['a@1.2.3 - 2.3.4', 'a', '1.2.3 - 2.3.4'],
    ['a@^1 || ^2', 'a', '^1 || ^2'],
    ['@s/n~x@1', '@s/n~x', '1'],
  ])('accepts %s', (text, name, range) => {
    const parsed = parseNpmPackageSpec(text);
    expect(parsed.name).toBe(name);
    expect(parsed.range).toBe(range);
    expect(parsed.spec).toBe(text);
  });

  it.each([
    ['../x', 'paths and file: specs are not accepted'],
    ['./x', 'paths and file: specs are not accepted'],
    ['/etc/passwd', 'paths and file: specs are not accepted'],
    ['file:..', 'paths and file: specs are not accepted'],
    ['git+https://github.com/a/b.git', 'URLs, git specs'],
    ['https://example.com/x.tgz', 'URLs, git specs'],
    ['github:user/repo', 'URLs, git specs'],
    ['user/repo', 'is not a valid package name'],
    ['foo; rm -rf /', 'is not a valid package name'],
    ['foo bar', 'is not a valid package name'],
    ['$(id)', 'is not a valid package name'],
    ['--foo', 'starts with "-"'],
    ['-x', 'starts with "-"'],
    ['Foo', 'is not a valid package name'],
    ['_private', 'is not a valid package name'],
    ['.hidden', 'paths and file: specs are not accepted'],
    ['node_modules', 'is not a valid package name'],
    ['@scope', 'is not a valid package name'],
    ['@scope/', 'is not a valid package name'],
    ['@/x', 'is not a valid package name'],
    ['a@', 'nothing after "@"'],
    ['a@latest', 'dist-tags are not accepted'],
    ['a@npm:b@1.0.0', 'is not an exact version or a semver range'],
    ['a@1.0.0; rm -rf /', 'is not an exact version or a semver range'],
    ['a@1.0.0\n--registry=http://evil', 'is not an exact version or a semver range'],
    ['a@file:../x', 'is not an exact version or a semver range'],
    ['', 'it is empty'],
    [`${'a'.repeat(215)}`, 'longer than 214'],
  ])('refuses %j', (text, why) => {
    const error = refusal(text);
    expect(error.code).toBe('invalid_package_spec');
    expect(error.message).toContain(why);
    expect(error.message).toContain('expected name[@version-or-range]');
    expect(error.detail.where).toBe('npm package spec');
  });
});
