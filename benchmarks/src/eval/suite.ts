// The models leaderboard's suite: the fixed, versioned set of public servers and settings every model of
// the catalogue is evaluated on, and the distractor steps of its accuracy-against-tools-shown curve. The
// one definition: the seed, `toolmark suite run`, `POST /v1/leaderboards/models/runs` and
// `GET /v1/leaderboards/models` all read it. Changing anything here changes results: bump `version`.

/** How a case-set generator id names a hand-written suite's half: `suite:<folder>/<half>`. */
export const SUITE_GENERATOR = /^suite:([a-z0-9][a-z0-9-]*)\/(calibration|test|all)$/;

/** The suite folder and half a generator id names, or null when it is not a hand-written suite's. */
export function suiteOfGenerator(generator: string): { folder: string; half: 'calibration' | 'test' | 'all' } | null {
  const m = SUITE_GENERATOR.exec(generator);
  return m ? { folder: m[1]!, half: m[2] as 'calibration' | 'test' | 'all' } : null;
}

/**
 * The models leaderboard's suite (its servers are seeded slugs; the steps' sets are frozen distractor sets,
 * none of them a suite server, so no tool is shown twice). v2: the hand-written cases of
 * `distractors/suites/toolmark-public-v2` (users' words, English and Japanese written as Japanese, near
 * misses, frozen by sha256), and of them only the **test half**, which nothing is ever tuned on. v1 used
 * the offline generator's paraphrases of the tool text, which the lexical baseline solves by word overlap.
 */
export const MODELS_SUITE = {
  id: 'toolmark-public',
  version: 2,
  /** Slugs of seeded public servers (the operator organisation's). */
  servers: ['context7', 'everything', 'firecrawl', 'playwright', 'sequential-thinking'],
  language: 'en',
  /**
   * Hand-written: at least 6 cases per tool in each language. For suite cases this labels the set (runs
   * and boards are keyed by it); it generates nothing, and an evaluation asking for the suite gets it.
   */
  casesPerTool: 6,
  repeats: 1,
  seed: 0,
  /** The case-set generator id: the hand-written suite's test half (published numbers read only it). */
  generator: 'suite:toolmark-public-v2/test',
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

/** The suite's label as pages show it: `toolmark-public v2`. */
export const suiteLabel = (suite: { id: string; version: number } = MODELS_SUITE): string => `${suite.id} v${suite.version}`;
