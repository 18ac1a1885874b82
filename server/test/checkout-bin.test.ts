// `npx toolmark …` inside a checkout runs this checkout's CLI: npm links node_modules/.bin/toolmark at
// `npm ci` before `prepare` builds dist/, and skips a bin whose file does not exist yet, so the bin is a
// committed file (server/bin/toolmark.js) that loads the built CLI.
import { execFile } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(root, 'server', 'package.json'), 'utf8')) as { version: string };

describe('the checkout bin', () => {
  it('is a committed file outside dist/, linked by npm, and npx toolmark runs it', async () => {
    const { bin } = JSON.parse(readFileSync(join(root, 'server', 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(bin.toolmark).toBe('./bin/toolmark.js');
    expect(realpathSync(join(root, 'node_modules', '.bin', 'toolmark'))).toBe(join(root, 'server', 'bin', 'toolmark.js'));
    const out = await new Promise<string>((done, fail) =>
      execFile('npx', ['--no-install', 'toolmark', '--version'], { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? root } }, (error, stdout, stderr) =>
        error ? fail(new Error(`${error.message}\n${stderr}`)) : done(stdout),
      ),
    );
    expect(out.trim()).toBe(version);
  });
});
