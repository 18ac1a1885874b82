// Word lists of the confusable-pair kinds of rules v4: v3's lists (../../v3/confusable/lexicon.ts, re-exported
// unchanged) and v4's additions below.
export * from '../../v3/confusable/lexicon.js';

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

/**
 * v4: formats of one kind of content (format.ts): two tools whose names differ only by one format each, of
 * one class, give the same thing in two forms (a page as HTML or as Markdown; a diagram from XML or from
 * Mermaid). Formats of different classes hold different things (a diagram from CSV data is built from a table).
 */
export const FORMAT_CLASSES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    document: 'html htm markdown md text txt plain xml mermaid latex rst asciidoc',
    data: 'csv tsv json yaml yml xlsx excel ndjson parquet',
    image: 'png jpeg jpg svg webp gif',
  }).flatMap(([cls, words]) => words.split(' ').map((w) => [w, cls] as [string, string])),
);

/** v4: parameters that filter a listing by what the user asks for (filter.ts): a list that searches. */
export const FILTER_PARAMS: ReadonlySet<string> = new Set(['search', 'query', 'q', 'keyword', 'keywords', 'searchterm', 'search_term', 'term', 'text']);

/** v4: name verbs that list or read many (filter.ts, reads.ts). */
export const LIST_VERBS: ReadonlySet<string> = new Set(['list', 'get', 'fetch', 'retrieve', 'browse']);

/** v4: name verbs that change an existing thing's fields (field.ts). */
export const UPDATE_VERBS: ReadonlySet<string> = new Set(['update', 'set', 'edit', 'modify', 'change', 'patch']);
