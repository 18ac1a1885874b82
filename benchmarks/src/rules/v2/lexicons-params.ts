// Lexicons of rules v2 about parameters: which look optional, required or alternatives, which names are
// evident, what a boolean's name or description says. Reasons: ./README.md.
import type { Lexicon } from './lexicons.js';

/** A parameter description saying the parameter may be left out. */
export const OPTIONAL_PARAM: Lexicon = {
  en: [
    /\boptional(?:ly)?\b/,
    /\bif (?:provided|given|set|omitted|specified|supplied|present|unset|not (?:provided|given|set|specified|supplied))\b/,
    /\bwhen (?:omitted|unset|not (?:provided|given|set|specified))\b/,
    /\bdefaults? (?:to|is)\b/,
    /\bby default\b/,
    /\bleave (?:it )?(?:empty|blank|unset|out)\b/,
    /\bomit(?:ted|ting)?\b/,
    /\bmutually exclusive\b/,
    /\beither\b/,
  ],
  ja: ['省略', '任意', '指定しない場合', '指定がない場合', 'デフォルト', '既定', 'オプション', 'いずれか', '排他'],
};

/** A parameter description saying the parameter must be given (not "required if …", not "not required"). */
export const REQUIRED_PARAM: Lexicon = {
  // "(required)", "Required.", "… is required", "must be provided"; not "marks required inputs", not
  // "required if …", not "not required".
  en: [
    /\((?:required|mandatory)\)/,
    /^(?:required|mandatory)\b/,
    /(?<!\bnot )\b(?:is|are) (?:required|mandatory)\b(?! (?:if|when|for|only|unless))/,
    /\b(?:required|mandatory)\.?$/,
    /\bmust be (?:provided|given|specified|set|supplied)\b/,
  ],
  ja: ['必須', '必ず指定'],
};

/** Last name tokens of a parameter a call can hardly do without: the thing to act on or look for. */
export const NEEDED_PARAM_TOKENS = new Set('id ids uuid path paths query q'.split(' '));
/** Whole parameter names a call can hardly do without (a `url`, not a `webhookUrl`). */
export const NEEDED_PARAM_NAMES = new Set('url urls uri'.split(' '));

/** Parameters a tool description offers as alternatives ("Provide either `url` or `scrapeId`", "url または id のいずれか"). */
export const ALTERNATIVE_PARAMS_EN = /\b(?:either|one of)\b([^.;\n]{0,100})/g;
export const ALTERNATIVE_PARAMS_JA = /([^。\n]{0,60})(?:のいずれか|のどちらか|か一方)/gu;

/**
 * Parameter names whose meaning a model reads from the name and type alone (written lower case, without
 * separators: `per_page` and `perPage` are `perpage`), and last name tokens that say the same (`issue_number`,
 * `pageId`, `filePath`, `entityName`): `param_no_description` does not ask to describe them (RUBRIC.md:
 * `owner` / `repo` / `path` / `issue_number` are evident; `since`, `q`, `sha`, `milestone` are not).
 */
export const EVIDENT_PARAM_NAMES = new Set('id ids path paths name title body content text message owner repo repository url uri source destination page perpage limit offset'.split(' '));
export const EVIDENT_PARAM_LAST_TOKENS = new Set('id ids number url uri path name title'.split(' '));

/**
 * Name tokens of string parameters whose value has a form a model must get right and cannot guess
 * (RUBRIC.md, loose_string_param): a path (absolute? relative to what?), a date, time, time zone or
 * duration (which format?), a locale or MIME type, a key or a SHA (what shape?), a query or pattern syntax
 * (`q`, a glob, a regex), a cron line. Free text (a message, a title, a search keyword) and self-describing
 * strings (a URL, a branch, an owner, an id or cursor another tool returns) have none of these tokens.
 */
export const FORM_PARAM_TOKENS = new Set(
  'path paths file filepath filename files dir dirs directory folder pattern glob regex regexp date dates since until time datetime timestamp timezone tz duration interval locale mime mimetype sha key q cron'.split(' '),
);

/** First name tokens that make a boolean's name a predicate ("include_archived", "isPublic", "dryRun"). */
export const PREDICATE_NAME_TOKENS = new Set(
  'is has have can should include exclude with without enable disable allow use show hide skip force only keep dry auto return ignore'.split(' '),
);

/** Words saying what a boolean's true/false does. */
export const BOOLEAN_MEANING: Lexicon = {
  en: [/\bif (true|false|set|enabled)\b/, /\bwhen (true|false|set|enabled)\b/, /\bwhether\b/, /\bdefaults? to (true|false)\b/, /\b(true|false)\b/, /\bset to (true|false)\b/],
  ja: ['場合', 'するかどうか', 'かどうか'],
};
