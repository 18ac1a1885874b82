// Held-out gaming variants, second set, for rules v4 (issue 25, third round). Written and committed BEFORE the
// anchored text reading (README.md, "Tests"), and read once after it: the rules are never tuned on these. The
// first held-out set (gaming-heldout.ts) was read once and is calibration material since.
// Every filler sentence here is content-free — it says nothing a model could use to pick or call this tool —
// and uses families and wording neither gaming.ts, v3's gaming.ts nor gaming-heldout.ts use. The expert
// rewrites at the end are plain prose about the tool that must keep earning more than filler of equal length.
import fc from 'fast-check';
import type { Surface, Tool } from '../../../contracts/tool.js';
import { unrelatedSibling } from './gaming.js';

const append = (t: Tool, text: string): string => (t.description === undefined || t.description.trim() === '' ? text : `${t.description.trim()} ${text}`);
const pick = <T>(xs: T[], s: number): T => xs[((s % xs.length) + xs.length) % xs.length]!;

interface Slot {
  /** 1-based position of the tool on its surface. */
  i: number;
  n: number;
  s: number;
}

const PEOPLE = ['Dana Whitfield', 'Priya Raman', 'Tomasz Nowak', 'Keiko Sato', 'Mateo Ruiz', 'Amara Obi', 'Lars Berg'];
const MONTHS = ['January', 'March', 'May', 'July', 'September', 'November'];

/** Content-free sentences, one family per entry (the table's per-template rows are indexed by this list). */
const FILLER: ((v: Slot) => string)[] = [
  // 0 Paraphrased marketing.
  (v) => `${pick(['Trusted by thousands of teams', 'Loved by developers', 'Relied upon by engineers', 'Chosen by leading companies'], v.s)} ${pick(['around the globe', 'worldwide', 'in every industry', 'across many sectors'], v.s >> 1)}.`,
  (v) => `${pick(['Enterprise-grade quality', 'Production-ready reliability', 'Best-in-class performance', 'Rock-solid stability'], v.s)} ${pick(['you can count on', 'that never lets you down', 'out of the box', 'from day one'], v.s >> 1)}.`,
  // 2 Generic verbs in other words.
  (v) => `${pick(['Carries out', 'Performs', 'Handles', 'Takes care of', 'Accomplishes'], v.s)} the ${pick(['requested operation', 'task at hand', 'job you ask for', 'work requested'], v.s >> 1)} and ${pick(['hands over', 'passes along', 'reports back', 'brings back'], v.s >> 2)} ${pick(['whatever comes out of it', 'what it produced', 'the end product', 'its findings'], v.s >> 3)}.`,
  (v) => `${pick(['Accepts', 'Takes', 'Receives', 'Consumes'], v.s)} the ${pick(['inputs', 'arguments', 'values', 'settings'], v.s >> 1)} you ${pick(['provide', 'supply', 'give it', 'pass in'], v.s >> 2)} and ${pick(['processes them accordingly', 'acts on them as appropriate', 'deals with them properly', 'works through them'], v.s >> 3)}.`,
  // 4 Nonsense words, capitalised like a product and lower case like a verb.
  (v) => `${pick(['Powered by', 'Backed by', 'Running on'], v.s)} ${pick(['Zentrivo', 'Quorvane', 'Plexadyne', 'Vantrelle', 'Morquist'], v.s >> 1)} ${pick(['Quanta', 'Nexon', 'Strata', 'Fluxor'], v.s >> 2)} ${v.i}.`,
  (v) => `It ${pick(['frobulates', 'quenders', 'splorfs', 'trindles', 'wexabates'], v.s)} the ${pick(['zorblax', 'quindle', 'marplot', 'vexnor', 'glimmet'], v.s >> 1)} ${pick(['gently', 'swiftly', 'fully', 'neatly'], v.s >> 2)}.`,
  // 6 Japanese, Chinese, Korean filler.
  (v) => `${pick(['このツールを使うと作業がはかどります', 'だれでも簡単に使えます', '詳しくはドキュメントをご覧ください', 'さまざまな場面で役立ちます'], v.s)}（第${v.i}版）。`,
  (v) => `${pick(['本工具简单易用，功能强大', '适用于各种场景', '让您的工作更加高效', '值得信赖的解决方案'], v.s)}（版本${v.i}）。`,
  (v) => `${pick(['필요할 때 이 도구를 사용하세요', '언제든지 호출할 수 있습니다', '작업을 쉽게 처리합니다'], v.s)} (${v.i}번). ${pick(['결과를 반환합니다', '응답을 돌려줍니다', '처리 결과를 제공합니다'], v.s >> 1)}.`,
  // 9 Numbers and names swapped per tool.
  (v) => `${pick(['Maintained by', 'Reviewed by', 'Written by', 'Owned by'], v.s)} ${pick(PEOPLE, v.s + v.i)} since ${2015 + (v.i % 9)}.`,
  (v) => `${pick(['Last updated on', 'Revised on', 'Checked on'], v.s)} ${pick(MONTHS, v.i)} ${1 + ((v.i * 7) % 28)}, ${2020 + (v.i % 6)}; release ${v.i}.${v.s % 10}.`,
];

/** Held-out-2 varied filler: two to four sentences per tool, each with its own variants. */
export const heldOut2Filler = fc.record({ picks: fc.array(fc.integer({ min: 0, max: FILLER.length - 1 }), { minLength: 2, maxLength: 4 }), seed: fc.nat(1000) });

export function applyHeldOut2(s: Surface, v: { picks: number[]; seed: number }): Surface {
  const n = s.tools.length;
  return { tools: s.tools.map((t, i) => ({ ...t, description: append(t, v.picks.map((p, k) => FILLER[p]!({ i: i + 1, n, s: v.seed + i * 13 + k * 7 })).join(' ')) })) };
}

export const HELD_OUT_2_COUNT = FILLER.length;
/** Each filler family alone, on every tool. */
export function applyHeldOut2One(s: Surface, template: number, seed: number): Surface {
  const n = s.tools.length;
  return { tools: s.tools.map((t, i) => ({ ...t, description: append(t, FILLER[template]!({ i: i + 1, n, s: seed + i * 13 })) })) };
}

/** Unrelated alternatives in new wordings (v3's row says only "Use X instead."). */
const UNRELATED: ((x: string) => string)[] = [
  (x) => `For other tasks, prefer ${x}.`,
  (x) => `If this does not fit, try ${x} instead.`,
  (x) => `See also ${x}.`,
  (x) => `${x} may be a better choice in some cases.`,
];
export const HELD_OUT_2_UNRELATED_COUNT = UNRELATED.length;
export function applyUnrelated2(s: Surface, wording: number, offset: number): Surface {
  return {
    tools: s.tools.map((t) => {
      const x = unrelatedSibling(s, t, offset);
      return x === undefined ? t : { ...t, description: append(t, UNRELATED[wording % UNRELATED.length]!(x)) };
    }),
  };
}

/** The filler twin of an expert text: the filler families in turn, cut to `n` words (seeded by the tool's index). */
export function fillerTwin(n: number, i: number): string {
  const out: string[] = [];
  for (let k = 0; out.length < n; k++) out.push(...FILLER[(k + i) % FILLER.length]!({ i: i + 1, n: 10, s: 3 + k * 5 + i }).split(/\s+/).filter((w) => w !== ''));
  const text = out.slice(0, n).join(' ');
  return /[.!?。]$/.test(text) ? text : `${text}.`;
}

/**
 * Held-out expert rewrites (calibration surfaces' tools the reward corpus does not use): plain prose that says
 * what the tool does, when to reach for it, what comes back and its limits, in words the tool's schema does
 * not all carry. Each must score higher than its filler twin and than v3's cue-stuffed twin.
 */
export const HELD_OUT_2_EXPERT: { set: string; tool: string; expert: string }[] = [
  { set: 'corpus/kubernetes', tool: 'kubectl_logs', expert: 'Prints the log lines a pod, deployment, job or cronjob wrote, newest last. Set tail to keep only the last lines of a noisy container, and since or sinceTime to start at a moment. A pod with several containers needs container; previous shows the crashed instance before a restart.' },
  { set: 'corpus/kubernetes', tool: 'kubectl_scale', expert: 'Changes how many replicas a deployment, replicaset or statefulset runs. Scaling to zero stops every pod without deleting the workload; scaling up waits for nothing, so check readiness with kubectl_get afterwards.' },
  { set: 'corpus/kubernetes', tool: 'port_forward', expert: 'Opens a tunnel from localPort on this machine to targetPort of a pod or service, so a local client can reach it without an ingress. The tunnel stays open until stop_port_forward is called with the id it reports.' },
  { set: 'corpus/slack', tool: 'slack_reply_to_thread', expert: 'Posts text as a reply under an existing message, keeping the conversation in its thread instead of the channel. thread_ts is the parent message timestamp with its period, as slack_get_channel_history reports it.' },
  { set: 'corpus/slack', tool: 'slack_add_reaction', expert: 'Puts an emoji reaction on one message, named without colons (thumbsup, eyes). Use it to acknowledge a message quietly; adding the same reaction twice fails with already_reacted.' },
  { set: 'corpus/slack', tool: 'slack_get_channel_history', expert: 'Reads the most recent messages of one channel, newest first, up to limit (10 unless set). Thread replies are not included: open a thread with slack_get_thread_replies.' },
  { set: 'corpus/datadog', tool: 'query_metrics', expert: 'Evaluates a metrics query such as avg:system.cpu.user{host:web-1} between two Unix times and gives back its timeseries points. Keep the window short for fine resolution; long windows are rolled up by Datadog.' },
  { set: 'corpus/datadog', tool: 'mute_host', expert: 'Silences every monitor notification for one hostname until end, or indefinitely without it. A message records why; override replaces the end time of a host that is already muted. unmute_host lifts it.' },
  { set: 'corpus/datadog', tool: 'list_downtimes', expert: 'Lists scheduled downtimes with their scope, start, end and recurrence; set currentOnly to see only the ones in force now. Cancel one with cancel_downtime by its id.' },
  { set: 'corpus/google-maps', tool: 'maps_geocode', expert: 'Turns a postal address or landmark name into latitude and longitude, with the formatted address and place_id Google matched. Ambiguous addresses give the best match only; maps_reverse_geocode goes the other way.' },
  { set: 'corpus/google-maps', tool: 'maps_directions', expert: 'Plans a route from origin to destination by driving, walking, bicycling or transit, with each step, its distance and duration. For travel times between many places at once, maps_distance_matrix is cheaper.' },
  { set: 'corpus/google-maps', tool: 'maps_distance_matrix', expert: 'Computes travel distance and duration for every pair of origins and destinations in one call, for a chosen mode. It gives no turn-by-turn route; ask maps_directions for that.' },
];
