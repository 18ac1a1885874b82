#!/usr/bin/env node
// Stamp the build: write dist/build-info.json with the package version and the git commit the build was
// made from, read by src/build-info.ts (`codeVersion()`, recorded in every run report). Run after tsc by
// the root `build` and `prepare` scripts. The commit comes from TOOLMARK_BUILD_COMMIT when set (a Docker
// build has no .git), else `git rev-parse HEAD` (packed refs and worktrees included), else null.
//   node server/scripts/build-info.mjs [out-file]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2] ?? fileURLToPath(new URL('../dist/build-info.json', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

function commitOf() {
  const given = process.env.TOOLMARK_BUILD_COMMIT?.trim().toLowerCase();
  if (given) {
    if (!/^[0-9a-f]{40}$/.test(given)) throw new Error(`TOOLMARK_BUILD_COMMIT must be a full 40-hex commit id, got "${given}"`);
    return given;
  }
  try {
    const head = execFileSync('git', ['rev-parse', '--verify', 'HEAD'], { cwd: serverDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return /^[0-9a-f]{40}$/.test(head) ? head : null;
  } catch {
    return null; // not a git checkout, or no git: the version alone ("+unknown")
  }
}

const info = { version, commit: commitOf() };
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(info, null, 2)}\n`);
process.stdout.write(`build-info: ${version}+${info.commit === null ? 'unknown' : info.commit.slice(0, 12)} -> ${out}\n`);
