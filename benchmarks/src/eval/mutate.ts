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

const EN_LEADS = /^(?:(?:hey|hi|ok|so)[,!]?\s+)?(?:(?:can|could|would|will) you(?: please| kindly)?|please|kindly|i (?:want|need|would like|'d like) (?:you )?to|i want|i need|let's|go ahead and)\s+/i;
/** The request without polite or question framing, no final punctuation. */
const enCore = (s: string) => trimEnd(s.replace(EN_LEADS, '').replace(/,?\s*please$/i, ''));

const JA_POLITE_END = /(?:してください|して下さい|してもらえますか|してくれますか|してくれる|お願いします|お願い)$/u;
const jaCore = (s: string) => trimEnd(s).replace(JA_POLITE_END, (m) => (m.startsWith('して') ? 'して' : '')).replace(/[、。]$/u, '');

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
  casual: (random, text, ja) => {
    if (ja) return `${pick(random, ['ねえ、', 'ちょっと', ''])}${jaCore(text)}${pick(random, ['', 'よ', 'ー'])}`;
    return `${pick(random, ['hey, ', 'yo ', 'ok so ', ''])}${lowerFirst(enCore(text))}${pick(random, [' pls', ' thx', '', ' asap'])}`;
  },
  polite: (random, text, ja) => {
    if (ja) {
      const core = jaCore(text);
      return core.endsWith('して') ? `${core.slice(0, -2)}${pick(random, ['してください。', 'していただけますか？'])}` : `${core}${pick(random, ['をお願いします。', '。よろしくお願いします。'])}`;
    }
    return `${pick(random, ['Could you please', 'Would you kindly', 'Please could you'])} ${lowerFirst(enCore(text))}? ${pick(random, ['Thank you.', 'Thanks a lot.', ''])}`.trim();
  },
  imperative: (_random, text, ja) => {
    if (ja) {
      const core = jaCore(text);
      return core.endsWith('して') ? `${core}。` : null;
    }
    return `${upperFirst(enCore(text))}.`;
  },
  question: (random, text, ja) => {
    if (ja) {
      const core = jaCore(text);
      return core.endsWith('して') ? `${core}${pick(random, ['もらえますか？', 'くれる？'])}` : `${core}？`;
    }
    return `${pick(random, ['Can you', 'Could you', 'Will you'])} ${lowerFirst(enCore(text))}?`;
  },
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
