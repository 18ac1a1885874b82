// Word lists of the kinds of confusable pair rules v3 and v4 add to v2's (a copy of v3's lexicon.ts with v4's
// additions at the end) (issue 25, point 6): what makes a tool
// generic, a search deep or quick, a capture of a page or screen, an action on many items. English only:
// the kinds were found on English surfaces; Japanese names and descriptions keep v2's judgement.

/** Name verbs of a tool that runs what it is given. */
export const RUN_VERBS: ReadonlySet<string> = new Set(['run', 'execute', 'exec', 'eval', 'evaluate', 'invoke']);

/** What such a tool runs: a command, statement or code (name words, or words of its first sentence). */
export const RUNNABLE: ReadonlySet<string> = new Set([
  'command', 'commands', 'cmd', 'sql', 'statement', 'statements', 'query', 'script', 'scripts', 'code', 'snippet', 'expression', 'javascript', 'shell',
]);

/** Words that say a tool takes anything of its kind ("Execute any kubectl command", `kubectl_generic`). */
export const ANY_WORDS: ReadonlySet<string> = new Set(['any', 'arbitrary', 'generic', 'raw', 'custom']);

/** Languages a runnable text is written in: two generic tools of one language are two ways to run it. */
export const LANGUAGES: ReadonlySet<string> = new Set(['javascript', 'js', 'sql', 'python', 'bash', 'shell', 'powershell', 'kubectl', 'graphql']);

/** A tool that changes a database schema by a migration (beside one that runs any statement). */
export const SCHEMA_CHANGE: ReadonlySet<string> = new Set(['migration', 'migrations', 'migrate', 'ddl']);

/** Name verbs (and leading description verbs) of a search. */
export const SEARCH_VERBS: ReadonlySet<string> = new Set(['search', 'research', 'find', 'ask', 'lookup', 'query']);

/** Words that make a search deep, slow or thorough. */
export const DEEP_WORDS: ReadonlySet<string> = new Set(['deep', 'research', 'researcher', 'comprehensive', 'thorough', 'exhaustive', 'in-depth', 'multi-step', 'multi-source', 'agentic']);

/** Words of what a capture tool captures. */
export const CAPTURE_HEADS: ReadonlySet<string> = new Set(['snapshot', 'screenshot', 'screen', 'capture', 'html', 'dom', 'content', 'text', 'source']);
/** Of those, the ones that name a capture by themselves (a "text" tool alone is no capture). */
export const CAPTURE_CORE: ReadonlySet<string> = new Set(['snapshot', 'screenshot', 'capture']);
/** What a capture is of. */
export const CAPTURE_OBJECTS: ReadonlySet<string> = new Set(['page', 'screen', 'window', 'tab', 'view', 'viewport', 'browser', 'device', 'app', 'element', 'ui']);

/** Words that make an action one on many items. */
export const MANY_WORDS: ReadonlySet<string> = new Set(['multiple', 'many', 'batch', 'bulk', 'several']);

/**
 * Cues of a sentence that tells two tools apart by comparing them ("Prefer taking a snapshot over …",
 * "use browser_snapshot for actions", "more efficient than reading files one by one", "better than screenshot").
 */
export const SETTLING = /\b(?:prefer(?:s|red)?|instead|rather than|better than|more efficient than|over (?:multiple|several|individual)|one by one|for actions)\b/i;

/**
 * v4: a comparison with every sibling at once ("Significantly slower than other tools", "unlike the other
 * tools"): the tool says where it stands among all of them.
 */
export const SETTLING_ALL = /\b(?:than|unlike)\s+(?:the\s+|all\s+)?other\s+tools\b/i;

/** v4: parameters whose values choose the action of a multi-action tool (dispatch.ts). */
export const ACTION_PARAMS: ReadonlySet<string> = new Set(['action', 'operation', 'op', 'command', 'mode', 'subcommand', 'verb']);

/**
 * v4: words that name a form or shape in which a thing comes back (representation.ts): the same thing
 * read as a page or as Markdown, as a list or as a tree.
 */
export const REPRESENTATIONS: ReadonlySet<string> = new Set(['markdown', 'md', 'html', 'text', 'json', 'xml', 'csv', 'yaml', 'pdf', 'raw', 'plain', 'tree', 'outline', 'hierarchy']);
/** Of those, the shapes of a collection (a tree is of many things). */
export const SHAPES: ReadonlySet<string> = new Set(['tree', 'outline', 'hierarchy']);

/** v4: words a name carries that say nothing of its job (`API-retrieve-a-page`, `get_page_as_markdown`). */
export const NAME_FILLER: ReadonlySet<string> = new Set(['a', 'an', 'the', 'as', 'in', 'of', 'to', 'by', 'for', 'api']);

/**
 * v4: action classes of name verbs (batch.ts), v3's classes of batch.ts: two verbs of one class do one job.
 * (v3 keeps its table private to its batch.ts; v4 reads the same classes from here.)
 */
export const ACTION_CLASSES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    read: 'read get fetch retrieve view show download open',
    write: 'create update write push upload commit put save set upsert edit',
    delete: 'delete remove',
    fill: 'fill type enter input',
  }).flatMap(([cls, verbs]) => verbs.split(' ').map((v) => [v, cls] as [string, string])),
);
