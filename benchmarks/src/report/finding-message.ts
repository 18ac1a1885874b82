// A finding's message in English or Japanese, from its code's templates (each rule set's docs/messages.ts,
// served with the finding docs by GET /v1/rules/{id}) and the facts the finding carries (`data`, `tool`,
// `fields`). The finding's own `message` stays as it was printed (English): the JSON keeps it for
// compatibility; a page in another language renders this instead. Pure: no I/O.
import type { MessageTemplate } from '../contracts/api/rules.js';
import type { Finding } from '../contracts/lint-result.js';

/** The two languages a message renders in. */
export type MessageLang = 'en' | 'ja';

/** A rendered message: its template's id and the text. */
export interface RenderedMessage {
  id: string;
  text: string;
}

const LIST_JOIN: Record<MessageLang, string> = { en: ', ', ja: '、' };
const PLACEHOLDER = /\{([$\w.[\]-]+)(?:\|(\w+))?\}/g;

type Facts = Record<string, unknown>;

/** The facts a template reads: the finding's data, with its tool and fields as `$tool` and `$fields`. */
const factsOf = (finding: Pick<Finding, 'data' | 'tool' | 'fields'>): Facts => ({ ...finding.data, $tool: finding.tool, $fields: finding.fields });

/** The value at a path (`a.b`, `a[0].b`, `a[].b` maps over a list); undefined when any step is missing. */
export function valueAt(facts: Facts, path: string): unknown {
  const steps = path.match(/[^.[\]]+|\[\d*\]/g) ?? [];
  let values: unknown[] = [facts];
  let mapped = false;
  for (const step of steps) {
    const next: unknown[] = [];
    for (const v of values) {
      if (step === '[]') {
        if (!Array.isArray(v)) return undefined;
        next.push(...(v as unknown[]));
        mapped = true;
      } else if (step.startsWith('[')) {
        if (!Array.isArray(v)) return undefined;
        next.push(v[Number(step.slice(1, -1))]);
      } else {
        if (v === null || typeof v !== 'object') return undefined;
        next.push((v as Facts)[step]);
      }
    }
    values = next;
  }
  if (values.some((v) => v === undefined)) return undefined;
  return mapped ? values : values[0];
}

/** Whether a template's condition holds: `key` (present, not false, not empty) or `key=value`. */
function holds(facts: Facts, condition: string): boolean {
  const eq = condition.indexOf('=');
  if (eq >= 0) return String(valueAt(facts, condition.slice(0, eq))) === condition.slice(eq + 1);
  const v = valueAt(facts, condition);
  return !(v === undefined || v === null || v === false || v === '' || v === 0 || (Array.isArray(v) && v.length === 0));
}

/** One value as text in a language, formatted; undefined when it cannot be (the placeholder stays, and tests catch it). */
function format(value: unknown, how: string | undefined, lang: MessageLang): string | undefined {
  if (value === undefined) return undefined;
  switch (how) {
    case undefined:
      if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))).join(LIST_JOIN[lang]);
      return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
    case 'count':
      return Array.isArray(value) ? String(value.length) : undefined;
    case 'fixed2':
      return typeof value === 'number' ? value.toFixed(2) : undefined;
    case 'json':
      return Array.isArray(value) ? value.map((v) => JSON.stringify(v)).join(LIST_JOIN[lang]) : JSON.stringify(value);
    case 'words':
      return Array.isArray(value) ? value.join(' ') : String(value);
    case 'first5':
      return Array.isArray(value) ? `${value.slice(0, 5).join(LIST_JOIN[lang])}${value.length > 5 ? `${LIST_JOIN[lang]}…` : ''}` : undefined;
    default:
      return undefined;
  }
}

/** A template filled from facts; a placeholder it cannot fill is left as written. */
export function fillTemplate(template: string, facts: Facts, lang: MessageLang): string {
  return template.replace(PLACEHOLDER, (whole, path: string, how: string | undefined) => format(valueAt(facts, path), how, lang) ?? whole);
}

/** The template a finding uses: the first of its code's whose conditions all hold. */
export function templateFor(templates: readonly MessageTemplate[], finding: Pick<Finding, 'data' | 'tool' | 'fields'>): MessageTemplate | undefined {
  const facts = factsOf(finding);
  return templates.find((t) => (t.when ?? []).every((c) => holds(facts, c)));
}

/**
 * A finding's message in a language from its code's templates; null when the code has none that applies
 * (a caller then shows the finding's own `message`).
 */
export function renderFindingMessage(templates: readonly MessageTemplate[] | undefined, finding: Pick<Finding, 'data' | 'tool' | 'fields'>, lang: MessageLang): RenderedMessage | null {
  const template = templates && templateFor(templates, finding);
  if (!template) return null;
  return { id: template.id, text: fillTemplate(template[lang], factsOf(finding), lang) };
}

/** True when text still holds a placeholder (`{name}`): a template asked for a fact the finding does not carry. */
export const hasPlaceholder = (text: string): boolean => new RegExp(PLACEHOLDER.source).test(text);
