// Formatting shared by pages and components (runs in the browser too: no server imports here).
import type { Lang } from './i18n';

export type BandName = 'sunny' | 'cloudy' | 'rain';
export const BAND_SYMBOL: Record<BandName, string> = { sunny: '☀', cloudy: '☁', rain: '☂' };
export const isBand = (b: unknown): b is BandName => b === 'sunny' || b === 'cloudy' || b === 'rain';
/** A rule set's band thresholds as GET /v1/rules/{id} gives them (browser code cannot import the core's `Bands`). */
export interface Bands {
  sunny: number;
  cloudy: number;
}
/** A result's security status as the API gives it (the core's SecurityStatusSchema, by shape). */
export interface Security {
  status: 'clean' | 'risk';
  findings: number;
  codes: string[];
  tools: number;
}

/** A score to one decimal (server means), or an em dash. */
export const score1 = (n: number | null | undefined): string => (n === null || n === undefined ? '—' : n.toFixed(1));

/** A whole number with grouping in the page's language. */
export const int = (n: number, lang: Lang): string => n.toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-GB');

/** A date and time, UTC, the same on server and client (no hydration mismatch). */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/** Split visible text at the `<U+XXXX>` markers that stand for invisible characters, so they can be styled. */
export function markerParts(text: string): { text: string; marker: boolean }[] {
  return text
    .split(/(<U\+[0-9A-F]{4,6}>)/)
    .filter((p) => p !== '')
    .map((p) => ({ text: p, marker: /^<U\+[0-9A-F]{4,6}>$/.test(p) }));
}

/**
 * A tool name cut after each separator (`_`, `-`, `.`, `/`, `:`), the places a narrow screen may break it
 * (`ToolName.svelte` puts a `<wbr>` between the parts); joined, the parts are the name.
 */
export function nameParts(name: string): string[] {
  return name.split(/(?<=[_\-./:])(?=.)/);
}

/**
 * How a board's rows fall into the API's `group`s (rows not distinguishable from their group's first row
 * share a number): each row's group size (0 for an unranked row) and whether it opens its group.
 */
export function groupMarks(items: readonly { group: number | null }[]): { size: number; first: boolean }[] {
  const sizes = new Map<number, number>();
  for (const i of items) if (i.group !== null) sizes.set(i.group, (sizes.get(i.group) ?? 0) + 1);
  return items.map((i, n) => ({ size: i.group === null ? 0 : sizes.get(i.group)!, first: i.group !== null && (n === 0 || items[n - 1]!.group !== i.group) }));
}

/** Only http(s) URLs become links; anything else (javascript:, data:) is shown as text. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

// Any C0 or C1 control character, DEL, or a space: browsers drop TAB, CR and LF from a Location anywhere
// ("/\t/evil" becomes "//evil", another host) and CR or LF cannot be in a header at all.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_PATH = /[\u0000-\u0020\u007f-\u009f]/;
const BASE = 'http://site.invalid';

/**
 * Only a path of this site to go back to (sign-in's `next`, the language switch's `back`), else "/": it
 * starts with one "/" (not "//" or "/\", which name another host), holds no control character or space,
 * and resolves to this origin. It comes back normalised as a URL parser writes it (non-ASCII
 * percent-encoded), so it is always a valid header value.
 */
export function safeBack(back: unknown): string {
  if (typeof back !== 'string' || back.length >= 2000 || !/^\/(?![/\\])/.test(back) || UNSAFE_IN_PATH.test(back)) return '/';
  let url: URL;
  try {
    url = new URL(back, BASE);
  } catch {
    return '/';
  }
  return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : '/';
}

/** `v1` or `v1@sha256:…` from a rules picker. */
export function parseRules(value: string | null): { id?: string; hash?: string } {
  if (!value) return {};
  const at = value.indexOf('@');
  return at < 0 ? { id: value } : { id: value.slice(0, at), hash: value.slice(at + 1) };
}

/** A rules version as GET /v1/rules lists it. */
export interface RulesEntry {
  id: string;
  hash: string;
  active: boolean;
}

/**
 * How a rules version is named in a link or a picker (`?rules=`): by its id (`v2`) when it is the version
 * this build runs, with the hash (`v2@sha256:…`) only for an older build's results, which the id alone
 * would not tell apart.
 */
export function rulesRef(list: readonly RulesEntry[], id: string, hash: string): string {
  return list.some((r) => r.id === id && r.hash === hash && r.active) || hash === '' ? id : `${id}@${hash}`;
}

/** True when the list holds more than one build of this rules id: only then is its hash shown beside it. */
export const hashNeeded = (list: readonly RulesEntry[], id: string): boolean => list.filter((r) => r.id === id).length > 1;

/** A message template as a reader sees it on the finding-codes page: each `{fact|format}` shown as ‹fact›. */
export const templateShown = (template: string): string => template.replace(/\{\$?([\w.[\]-]+)(?:\|\w+)?\}/g, (_, name: string) => `‹${name}›`);

/** A rate as the evaluation pages show it: counts, value and Wilson 95 % interval (any of them may be "—"). */
export interface RateView {
  numerator: number;
  denominator: number;
  value: number | null;
  ci95: [number, number] | null;
}

const pct1 = (x: number): string => `${(x * 100).toFixed(1)} %`;
/** "85.4 %", or "—" when nothing counts (never 0). */
export const ratePct = (r: RateView | null | undefined): string => (r?.value === null || r?.value === undefined ? '—' : pct1(r.value));
/** "41 / 48". */
export const rateCounts = (r: RateView | null | undefined): string => (r ? `${r.numerator} / ${r.denominator}` : '—');
/** "72.1–92.3 %", or "—". */
export const rateInterval = (r: RateView | null | undefined): string => (r?.ci95 ? `${(r.ci95[0] * 100).toFixed(1)}–${pct1(r.ci95[1])}` : '—');
/** A change of a rate in points: "+4.2 pt", "−1.0 pt", "±0.0 pt", or "—". */
export function deltaPoints(delta: number | null | undefined): string {
  if (delta === null || delta === undefined) return '—';
  const p = Math.round(delta * 1000) / 10;
  return p === 0 ? '±0.0 pt' : `${p > 0 ? '+' : '−'}${Math.abs(p).toFixed(1)} pt`;
}
