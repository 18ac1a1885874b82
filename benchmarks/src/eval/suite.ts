// The models leaderboard's suite: the fixed, versioned set of public servers and settings every model of
// the catalogue is evaluated on, and the distractor steps of its accuracy-against-tools-shown curve. The
// one definition: the seed, `toolmark suite run`, `POST /v1/leaderboards/models/runs` and
// `GET /v1/leaderboards/models` all read it. Changing anything here changes results: bump `version`.

/** The models leaderboard's suite (its servers are seeded slugs; the steps' sets are frozen distractor sets, none of them a suite server, so no tool is shown twice). */
export const MODELS_SUITE = {
  id: 'toolmark-public',
  version: 1,
  /** Slugs of seeded public servers (the operator organisation's). */
  servers: ['context7', 'everything', 'firecrawl', 'playwright', 'sequential-thinking'],
  language: 'en',
  casesPerTool: 8,
  repeats: 1,
  seed: 0,
  generator: 'offline',
  /** The curve's x: the server alone, then with growing distractor sets (names sorted, as runs store them). */
  steps: [[], ['memory'], ['filesystem', 'memory'], ['filesystem', 'memory', 'notion']],
} as const satisfies {
  id: string;
  version: number;
  servers: readonly string[];
  language: 'en' | 'ja';
  casesPerTool: number;
  repeats: number;
  seed: number;
  generator: string;
  steps: readonly (readonly string[])[];
};

/** The suite's label as pages show it: `toolmark-public v1`. */
export const suiteLabel = (suite: { id: string; version: number } = MODELS_SUITE): string => `${suite.id} v${suite.version}`;
