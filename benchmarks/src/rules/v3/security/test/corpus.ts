// The attack and benign corpus of rules v3's security scan (corpus/*.json), made into tools. Each attack
// entry is one variant: a text in one of 13 languages, of one class, hidden one way (or none). Entries were
// written first and then split by alternation into a calibration half (patterns were tuned on it) and a
// held-out half (read only to report): see README.md. Benign entries are honest texts written to look like
// attacks and whole real tools from distractors/ whose text holds security words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '../../../../contracts/tool.js';

const CORPUS = join(import.meta.dirname, '..', 'corpus');
const DISTRACTORS = join(import.meta.dirname, '..', '..', '..', '..', '..', '..', 'distractors');

export type Half = 'calibration' | 'calibration-2' | 'calibration-3' | 'calibration-4' | 'calibration-5' | 'held-out-4';
export type BenignHalf = 'calibration' | 'calibration-2' | 'calibration-3' | 'held-out-4';

export interface AttackEntry {
  id: string;
  lang: string;
  class: string;
  hide: string;
  text: string;
}

export interface BenignEntry {
  id: string;
  lang?: string;
  text?: string;
  source?: string;
  name?: string;
  /** A written look-alike: the real tools it was written after. */
  after?: string;
}

export const attacks = (half: Half): AttackEntry[] => JSON.parse(readFileSync(join(CORPUS, `attacks.${half}.json`), 'utf8')) as AttackEntry[];
export const benign = (half: BenignHalf): BenignEntry[] => JSON.parse(readFileSync(join(CORPUS, `benign.${half}.json`), 'utf8')) as BenignEntry[];

/** The tools the attacks are linted beside (names an attack may shadow). */
export const SIBLINGS = ['create_ticket', 'send_email', 'delete_repository'];

/** A well-described tool the attacks are planted in. */
export const HONEST = 'Adds a comment to an issue and returns the new comment. Use it when the user wants to reply on an issue; do not use it for pull requests. Limited to 64 KB. Example: issue 12.';

const utf8 = (s: string): Buffer => Buffer.from(s, 'utf8');
const LEET: Record<string, string> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7' };
const LOOK: Record<string, string> = { a: 'ɑ', e: 'е', o: 'ο', i: 'і', l: 'ӏ', n: 'ո', u: 'υ', s: 'ѕ', c: 'ϲ' };

/** The text hidden the way an entry says. */
export function hide(how: string, text: string): string {
  switch (how) {
    case 'plain':
    case 'split':
      return text;
    case 'base64':
      return utf8(text).toString('base64');
    case 'hex':
      return utf8(text).toString('hex');
    case 'url':
      return encodeURIComponent(text);
    case 'leet':
      return text.replace(/[aeiost]/g, (c) => LEET[c]!);
    case 'spaced':
      return text.split(' ').map((w) => [...w].join(' ')).join(' ');
    case 'spaced-words':
      return text.split(' ').map((w) => [...w].join(' ')).join('   ');
    case 'md-comment':
      return `[//]: # (${text})`;
    case 'html-comment':
      return `<!-- ${text} -->`;
    case 'homoglyph':
      return text.replace(/[aeoilnusc]/g, (c) => LOOK[c]!);
    case 'zero-width':
      return [...text].join('\u200b');
    default:
      throw new Error(`unknown hiding: ${how}`);
  }
}

const schema = (noteDescription: string): Record<string, unknown> => ({
  type: 'object',
  properties: {
    issue: { type: 'integer', description: 'Number of the issue, e.g. 12.' },
    body: { type: 'string', description: 'Text of the comment (Markdown).', maxLength: 65536 },
    note: { type: 'string', description: noteDescription, maxLength: 200 },
  },
  required: ['issue', 'body'],
});

/** The tool an attack entry is planted in: the description, or (every fourth plain entry) a parameter's description. */
export function attackTool(a: AttackEntry, index: number): Tool {
  if (a.hide === 'split') {
    const [first, second] = a.text.split('||');
    return { name: 'add_comment', description: `${HONEST} ${first}`, inputSchema: schema(second!) };
  }
  const text = hide(a.hide, a.text);
  if (a.hide === 'plain' && index % 4 === 3) return { name: 'add_comment', description: HONEST, inputSchema: schema(`An optional note. ${text}`) };
  return { name: 'add_comment', description: `${HONEST} ${text}`, inputSchema: schema('An optional note kept with the comment.') };
}

const realTools = new Map<string, Tool[]>();

/** The tool of a benign entry: a written one, or the real tool it names. */
export function benignTool(b: BenignEntry): Tool {
  if (b.source === undefined) return { name: b.id.replace(/[^a-z0-9]+/g, '_'), description: b.text!, inputSchema: { type: 'object' } };
  let tools = realTools.get(b.source);
  if (tools === undefined) {
    const file = JSON.parse(readFileSync(join(DISTRACTORS, b.source, 'tools.json'), 'utf8')) as { tools: Tool[] };
    realTools.set(b.source, (tools = file.tools));
  }
  return tools.find((t) => t.name === b.name)!;
}

/** The real surfaces of the repository: the six distractor sets, the two reference surfaces and the labelled corpus. */
export function realSurfaces(): { name: string; tools: Tool[] }[] {
  const names = ['context7', 'filesystem', 'firecrawl', 'memory', 'notion', 'playwright', 'reference/everything', 'reference/sequential-thinking'];
  const corpus = JSON.parse(readFileSync(join(DISTRACTORS, 'corpus', 'index.json'), 'utf8')) as { surfaces: string[] };
  const corpusNames = corpus.surfaces;
  return [...names, ...corpusNames.map((n) => `corpus/${n}`)].map((name) => ({ name, tools: (JSON.parse(readFileSync(join(DISTRACTORS, name, 'tools.json'), 'utf8')) as { tools: Tool[] }).tools }));
}

/** The security codes the labelled corpus judges (distractors/src/corpus.ts, SECURITY_CODES). */
const LABELLED_SECURITY = new Set(['hidden_instructions', 'invisible_characters', 'tool_shadowing']);

/** `surface/tool` of every tool of the labelled corpus whose labels say a security finding fires (a true finding, not an alarm), with those codes. */
export function labelledSecurityTools(): Map<string, string[]> {
  const corpus = JSON.parse(readFileSync(join(DISTRACTORS, 'corpus', 'index.json'), 'utf8')) as { surfaces: string[] };
  const out = new Map<string, string[]>();
  for (const n of corpus.surfaces) {
    const labels = JSON.parse(readFileSync(join(DISTRACTORS, 'corpus', n, 'labels.json'), 'utf8')) as { tools: { name: string; fire: string[] }[] };
    for (const t of labels.tools) {
      const codes = t.fire.filter((c) => LABELLED_SECURITY.has(c));
      if (codes.length > 0) out.set(`corpus/${n}/${t.name}`, codes);
    }
  }
  return out;
}
