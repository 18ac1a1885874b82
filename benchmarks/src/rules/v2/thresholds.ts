/** Every number rules v2 decides with. Each is explained in ./README.md; changing one needs a new version. */
export const T = {
  /** Bands: ≥ sunny is sunny, ≥ cloudy is cloudy, below is rain. */
  bandSunny: 70,
  bandCloudy: 40,

  /** Purpose: fewer word-like segments than this is `too_short`. */
  minWords: 8,
  /** Purpose: half of the length points from this many words. */
  halfWords: 4,
  /** `too_long` above this many words. */
  maxWords: 300,

  /** `long_name` above this many characters. */
  maxNameLength: 40,

  /** `param_no_description` is `required` when at least this share of parameters lacks one, else minor. */
  paramNoDescriptionRequiredShare: 0.5,
  /** `params_not_in_description` needs at least this many parameters. */
  paramsMentionMin: 3,
  /** `vague_boolean`: a boolean's description with fewer words than this is vague (unless it says what true/false does). */
  booleanMinWords: 4,

  /** Token budget (o200k_base) of one tool's name + description + input schema, and of the whole surface. */
  heavyToolTokens: 1000,
  heavySurfaceTokensMinor: 10_000,
  heavySurfaceTokensRequired: 25_000,

  /** Server size. */
  manyTools: 25,
  tooManyTools: 40,

  /**
   * Confusable pairs: two tools whose names share nothing are confusable when their descriptions (own
   * text, concepts, Sørensen–Dice) are at least this alike. Names that share something decide by what
   * differs (README, "Confusable pairs").
   */
  confusableDescription: 0.6,
  /**
   * A name that narrows another's thing (`list_directory_with_sizes` / `list_directory`) is a pair only when
   * the descriptions are at least this alike: a description that says what sets the tool apart settles it.
   */
  confusableNarrowerDescription: 0.5,
  /** Descriptions with fewer content words than this are not compared (too little to compare). */
  confusableMinContentWords: 3,
  confusableTop: 12,
  /** Boilerplate: a word in at least this share of the tools, on a server with at least this many tools. */
  boilerplateShare: 0.9,
  boilerplateMinTools: 8,

  /**
   * Shared text: a clause (or a trailing run of sentences) found on at least this share of the tools, and
   * on at least `sharedTextMinTools` of them, is boilerplate: it earns no cue points and makes no pair.
   */
  sharedTextShare: 0.5,
  sharedTextMinTools: 3,
  /**
   * Security: a tool with a critical security finding scores at most `securityScoreCap` (below the cloudy
   * band) minus `securityPenalty`, so it is never sunny and ranks below a clean tool of the same points; a
   * server with such a tool scores at most `securityScoreCap`.
   */
  securityScoreCap: 39,
  securityPenalty: 10,
} as const;
