#!/usr/bin/env node
// The workspace's `toolmark` bin. A committed file, so `npm ci` links node_modules/.bin/toolmark at install
// time: npm links bins before `prepare` builds dist/, and skipped the link while it pointed at a file that
// did not exist yet (so `npx toolmark` in a fresh checkout went to the registry instead).
await import('../dist/cli/main.js');
