import type { Task, TaskSet } from '../contracts/eval.js';
import { hashSeed, pick, randomInt, seededRandom, type Random } from './prng.js';
import { promptLanguage } from './task-set.js';

/** Seeded rewrites of a prompt that should not change which tool is right. */
export const MUTATION_KINDS = ['typo', 'casual', 'polite', 'imperative', 'question'] as const;
/** One rewrite kind. */
export type MutationKind = (typeof MUTATION_KINDS)[number];

const trimEnd = (s: string) => s.trim().replace(/[.!?。！？]+$/u, '');
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// Every rewrite keeps the prompt's grammar: it first reads what the prompt is — a request (a verb phrase),
// a question or a statement (English); a te-form request, a question, a noun phrase, a phrase ending in a
// particle or a plain statement (Japanese) — and only writes frames that fit it. A kind that makes no
// sense for a form (an imperative of a question) gives null, never a broken sentence.

/** English leads that introduce a verb phrase ("Can you show…", "I need to find…", "Please …"). */
const EN_VP_LEADS = /^(?:(?:can|could|would|will) you(?: please| kindly)?|please(?: could you)?|kindly|i (?:want|need|would like|'d like) (?:you )?to|i want you to|let's|go ahead and)\s+/i;
const EN_GREETING = /^(?:hey|hi|ok|okay|so|yo)[,!]?\s+/i;
const EN_QUESTION_START = /^(?:what|who|whom|whose|which|when|where|why|how|is|are|was|were|do|does|did|can|could|would|will|should|shall|may|might|have|has|am)\b/i;
const EN_STATEMENT_START = /^(?:i|i'm|i've|we|my|our|the|this|that|these|those|there|it|its|it's|a|an|some|nothing|everything|someone|nobody)\b/i;

type EnForm = { form: 'request' | 'question' | 'statement'; text: string };

/** What an English prompt is, and its core: the verb phrase, the question or the statement, without final punctuation. */
function englishForm(prompt: string): EnForm {
  const asked = /\?\s*$/.test(prompt);
  const t = trimEnd(prompt).replace(EN_GREETING, '').replace(/,?\s*please$/i, '');
  const lead = EN_VP_LEADS.exec(t);
  if (lead) return { form: 'request', text: t.slice(lead[0].length) };
  if (asked || EN_QUESTION_START.test(t)) return { form: 'question', text: t };
  if (EN_STATEMENT_START.test(t)) return { form: 'statement', text: t };
  return { form: 'request', text: lowerFirst(t) };
}

type EnRewrite = (random: Random, f: EnForm) => string | null;

const EN: Record<Exclude<MutationKind, 'typo'>, EnRewrite> = {
  casual: (random, f) => {
    const lead = pick(random, ['hey, ', 'ok so ', '']);
    if (f.form === 'question') return `${lead}${lowerFirst(f.text)}?`;
    if (f.form === 'statement') return `${pick(random, ['ok so ', 'hey, ', 'so '])}${lowerFirst(f.text)}${pick(random, [', thx', ''])}`;
    return `${lead}${lowerFirst(f.text)}${pick(random, [' pls', ', thx', ' asap', ''])}`;
  },
  polite: (random, f) => {
    const thanks = pick(random, [' Thank you.', ' Thanks a lot.', '']);
    if (f.form === 'request') return `${pick(random, ['Could you please', 'Would you kindly', 'Please could you'])} ${f.text}?${thanks}`;
    if (f.form === 'question') return `${pick(random, ['Excuse me, ', 'Sorry to bother you, '])}${lowerFirst(f.text)}?${thanks}`;
    return `${upperFirst(f.text)}. ${pick(random, ['Could you help, please?', 'Could you please help me with that?'])}`;
  },
  imperative: (_random, f) => (f.form === 'request' ? `${upperFirst(f.text)}.` : null),
  question: (random, f) => {
    if (f.form === 'request') return `${pick(random, ['Can you', 'Could you', 'Will you'])} ${f.text}?`;
    if (f.form === 'statement') return `${upperFirst(f.text)}. ${pick(random, ['Can you help?', 'Could you look into it?'])}`;
    return null;
  },
};

/** A te-form request with its polite ending dropped ("起票してください" → "起票して", "詠んでもらえますか" → "詠んで"). */
const JA_TE_REQUEST = /(?:て|で)(?:ください|下さい|くださいますか|もらえますか|もらえる|くれますか|くれる|くれない|ほしい|欲しい)$/u;
const JA_PLEASE = /を?(?:お願いします|お願い|頼みます|頼む)$/u;

type JaForm = { form: 'te' | 'question' | 'noun' | 'particle' | 'statement'; text: string };

/** What a Japanese prompt is, and its core without final punctuation or polite request endings. */
function japaneseForm(prompt: string): JaForm {
  const asked = /[?？]\s*$/u.test(prompt);
  let t = trimEnd(prompt).replace(/^(?:ねえ|ちょっと|すみません)、?/u, '').replace(/[、。]$/u, '');
  const te = JA_TE_REQUEST.exec(t);
  if (te) t = t.slice(0, te.index + 1);
  if (/て$/u.test(t) || /[んい]で$/u.test(t)) return { form: 'te', text: t };
  if (asked || /か$/u.test(t)) return { form: 'question', text: t };
  if (JA_PLEASE.test(t)) return { form: 'noun', text: t.replace(JA_PLEASE, '') };
  if (/[でにへとを]$/u.test(t)) return { form: 'particle', text: t };
  if (/(?:[うくすつぬむぶぐる]|い|た|だ|です|ます)$/u.test(t)) return { form: 'statement', text: t };
  return { form: 'noun', text: t };
}

type JaRewrite = (random: Random, f: JaForm) => string | null;

const JA: Record<Exclude<MutationKind, 'typo'>, JaRewrite> = {
  casual: (random, f) => {
    if (f.form === 'te') return `${pick(random, ['ねえ、', 'ちょっと', ''])}${f.text}${pick(random, ['', 'よ'])}`;
    if (f.form === 'question') return `ねえ、${f.text}？`;
    if (f.form === 'noun') return `ねえ、${f.text}をお願い`;
    if (f.form === 'particle') return `ねえ、${f.text}お願い`;
    if (/(?:です|ます)$/u.test(f.text)) return `ねえ、${f.text}。`;
    return `${f.text.endsWith('だ') ? `${f.text.slice(0, -1)}な` : f.text}んだけど、いい？`;
  },
  polite: (random, f) => {
    if (f.form === 'te') return `${f.text}${pick(random, ['ください。', 'いただけますか？'])}`;
    if (f.form === 'question') return `すみません、${f.text}？`;
    if (f.form === 'noun') return `${f.text}をお願いします。`;
    if (f.form === 'particle') return `${f.text}お願いします。`;
    return `${f.text}。よろしくお願いします。`;
  },
  imperative: (_random, f) => (f.form === 'te' ? `${f.text}。` : null),
  question: (random, f) => {
    if (f.form === 'te') return `${f.text}${pick(random, ['もらえますか？', 'くれる？'])}`;
    if (f.form === 'noun') return `${f.text}をお願いできますか？`;
    if (f.form === 'particle') return `${f.text}お願いできますか？`;
    if (f.form === 'statement') return `${f.text}。お願いできますか？`;
    return null;
  },
};

function typo(random: Random, text: string): string | null {
  const chars = [...text];
  const positions = chars.map((c, i) => i).filter((i) => i + 1 < chars.length && /[\p{L}]/u.test(chars[i]!) && /[\p{L}]/u.test(chars[i + 1]!) && chars[i] !== chars[i + 1]);
  if (positions.length === 0) return null;
  const i = pick(random, positions);
  if (randomInt(random, 3) === 0 && chars.length > 4) chars.splice(i, 1);
  else [chars[i], chars[i + 1]] = [chars[i + 1]!, chars[i]!];
  return chars.join('');
}

const REWRITE: Record<MutationKind, (random: Random, text: string, ja: boolean) => string | null> = {
  typo,
  casual: (random, text, ja) => (ja ? JA.casual(random, japaneseForm(text)) : EN.casual(random, englishForm(text))),
  polite: (random, text, ja) => (ja ? JA.polite(random, japaneseForm(text)) : EN.polite(random, englishForm(text))),
  imperative: (random, text, ja) => (ja ? JA.imperative(random, japaneseForm(text)) : EN.imperative(random, englishForm(text))),
  question: (random, text, ja) => (ja ? JA.question(random, japaneseForm(text)) : EN.question(random, englishForm(text))),
};

/** One rewrite of a prompt, or null when the kind makes no sense for it (or changes nothing). */
export function mutatePrompt(text: string, kind: MutationKind, seed: number): string | null {
  const random = seededRandom(hashSeed(`${seed >>> 0}:${kind}:${text}`));
  const out = REWRITE[kind](random, text, promptLanguage(text) === 'ja');
  return out === null || out.trim() === '' || out === text ? null : out;
}

/**
 * Seeded robustness variants of a task set (no model): each task rewritten by each kind, id
 * `<id>~<kind>`, expectations kept, tagged `mutation:<kind>`. The same seed gives the same file.
 */
export function mutateTaskSet(set: TaskSet, seed: number, kinds: readonly MutationKind[] = MUTATION_KINDS, options: { includeOriginals?: boolean } = {}): TaskSet {
  const tasks: Task[] = options.includeOriginals ? set.tasks.slice() : [];
  for (const t of set.tasks) {
    for (const kind of kinds) {
      const prompt = mutatePrompt(t.prompt, kind, seed);
      if (prompt !== null) tasks.push({ ...t, id: `${t.id}~${kind}`, prompt, tags: [...(t.tags ?? []), `mutation:${kind}`] });
    }
  }
  return { ...set, tasks };
}
