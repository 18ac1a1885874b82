// The Atom 1.0 feeds of watch events (RFC 4287): per server and per organisation. Every text is escaped
// for XML (the five markup characters), and characters XML 1.0 cannot carry at all — C0 controls other
// than TAB, LF and CR, lone surrogates, U+FFFE/U+FFFF — become U+FFFD: a tool description is the
// server's text, and a hostile one must not break, or inject into, a reader's feed.
import { createTwoFilesPatch } from 'diff';
import type { FeedEvent } from '@toolmark/db';

// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids are the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` as XML character data or an attribute value. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '\ufffd').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** What a feed is of. */
export interface FeedInfo {
  /** A stable IRI (`urn:uuid:` of the server or organisation). */
  id: string;
  title: string;
  /** The feed's own URL and the page it is about (absolute). */
  self: string;
  page: string;
  /** When there are no entries: the time of the thing watched. */
  since: Date;
}

type Payload = Record<string, unknown> & {
  tools?: { name: string; kind: string; before?: string; after?: string }[];
  findings?: { code: string; severity: string; tool: string | null; message: string }[];
  changes?: { toolsChanged?: { name: string; scoreBefore: number; scoreAfter: number }[] } | null;
  error?: { code: string; message: string };
  scoreBefore?: number | null;
  scoreAfter?: number | null;
  bandBefore?: string | null;
  bandAfter?: string | null;
};

/** The plain text of an entry: what happened, and for a new version each changed tool's unified diff. */
export function entryText(event: Pick<FeedEvent, 'kind' | 'title' | 'payload'>): string {
  const p = event.payload as Payload;
  const lines = [event.title, ''];
  if (event.kind === 'security.finding') {
    for (const f of p.findings ?? []) lines.push(`[${f.severity}] ${f.code}${f.tool ? ` in ${f.tool}` : ''}: ${f.message}`);
  } else if (event.kind === 'version.created') {
    for (const c of p.tools ?? []) {
      lines.push(`${c.name}: ${c.kind}`);
      lines.push(createTwoFilesPatch(`before/${c.name}`, `after/${c.name}`, c.before ?? '', c.after ?? '', undefined, undefined, { context: 2 }).trimEnd(), '');
    }
  } else if (event.kind === 'score.changed') {
    lines.push(`score ${p.scoreBefore ?? '—'} → ${p.scoreAfter ?? '—'}, band ${p.bandBefore ?? '—'} → ${p.bandAfter ?? '—'}`);
  } else if (event.kind === 'capture.failed' && p.error) {
    lines.push(`${p.error.code}: ${p.error.message}`);
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** An Atom 1.0 feed of `events` (newest first), with links to each server's page under `siteBase`. */
export function renderAtom(feed: FeedInfo, events: readonly FeedEvent[], siteBase: string): string {
  const updated = (events[0]?.createdAt ?? feed.since).toISOString();
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(feed.id)}</id>`,
    `  <title>${xmlText(feed.title)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(feed.page)}"/>`,
    '  <author><name>toolmark</name></author>',
    '  <generator>toolmark</generator>',
  ];
  for (const e of events) {
    const at = e.createdAt.toISOString();
    out.push(
      '  <entry>',
      `    <id>urn:uuid:${e.id}</id>`,
      `    <title>${xmlText(e.title)}</title>`,
      `    <updated>${at}</updated>`,
      `    <published>${at}</published>`,
      `    <category term="${xmlText(e.kind)}" label="${xmlText(e.priority === 'critical' ? `${e.kind} (critical)` : e.kind)}"/>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(`${siteBase}/servers/${encodeURIComponent(e.serverSlug)}`)}"/>`,
      `    <content type="text">${xmlText(entryText(e))}</content>`,
      '  </entry>',
    );
  }
  out.push('</feed>', '');
  return out.join('\n');
}
