// codeVersion() is stamped at build time (scripts/build-info.mjs → dist/build-info.json), not read from
// .git at run time (which lost the commit once refs were packed, and in worktrees).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildInfo, codeVersion } from '../src/build-info.js';

const SCRIPT = fileURLToPath(new URL('../scripts/build-info.mjs', import.meta.url));
const SERVER = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(join(SERVER, 'package.json'), 'utf8')) as { version: string };

function stamp(script: string, out: string, env: Record<string, string> = {}): ReturnType<typeof spawnSync> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_') && k !== 'TOOLMARK_BUILD_COMMIT'));
  return spawnSync(process.execPath, [script, out], { env: { ...clean, ...env }, encoding: 'utf8' });
}

describe('build info', () => {
  it('stamps the commit HEAD names when built in git', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'toolmark-build-')), 'build-info.json');
    expect(stamp(SCRIPT, out).status).toBe(0);
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: SERVER, encoding: 'utf8' }).trim();
    const info = buildInfo(pathToFileURL(out));
    expect(info).toEqual({ version, commit: head });
    expect(codeVersion(info)).toBe(`${version}+${head.slice(0, 12)}`);
  });

  it('falls back to the version and "unknown" outside git, and takes TOOLMARK_BUILD_COMMIT when given', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolmark-nogit-'));
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(SCRIPT, join(dir, 'scripts', 'build-info.mjs'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ version: '9.8.7' }));
    const out = join(dir, 'dist', 'build-info.json');
    // GIT_CEILING_DIRECTORIES: git must not find a repository above the temporary folder either.
    const outside = { GIT_CEILING_DIRECTORIES: dirname(dir) };
    expect(stamp(join(dir, 'scripts', 'build-info.mjs'), out, outside).status).toBe(0);
    expect(codeVersion(buildInfo(pathToFileURL(out)))).toBe('9.8.7+unknown');

    const commit = 'ab'.repeat(20);
    expect(stamp(join(dir, 'scripts', 'build-info.mjs'), out, { ...outside, TOOLMARK_BUILD_COMMIT: commit }).status).toBe(0);
    expect(codeVersion(buildInfo(pathToFileURL(out)))).toBe(`9.8.7+${commit.slice(0, 12)}`);
    expect(stamp(join(dir, 'scripts', 'build-info.mjs'), out, { ...outside, TOOLMARK_BUILD_COMMIT: 'main' }).status).not.toBe(0);
  });

  it('without a stamp (the sources, or a build that skipped it) is the package version and "unknown"', () => {
    const missing = pathToFileURL(join(mkdtempSync(join(tmpdir(), 'toolmark-none-')), 'build-info.json'));
    expect(buildInfo(missing)).toEqual({ version, commit: null });
  });
});
