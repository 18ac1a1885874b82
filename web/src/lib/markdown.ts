// A very small Markdown reader for the rules changelog: headings, list items, paragraphs and `code`. It
// returns blocks for Svelte to render as text (escaped), never HTML.

export type Inline = { code: boolean; text: string };
export type Block = { kind: 'h' | 'p' | 'ul'; level?: number; items: Inline[][] };

export const inline = (text: string): Inline[] =>
  text
    .split(/(`[^`]+`)/)
    .filter((p) => p !== '')
    .map((p) => (p.startsWith('`') && p.endsWith('`') && p.length > 1 ? { code: true, text: p.slice(1, -1) } : { code: false, text: p }));

/** Blocks of `markdown`. */
export function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  let para: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (para.length) out.push({ kind: 'p', items: [inline(para.join(' '))] });
    if (list) out.push({ kind: 'ul', items: list.map(inline) });
    para = [];
    list = null;
  };
  for (const raw of markdown.split('\n')) {
    const line = raw.trimEnd();
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      flush();
      out.push({ kind: 'h', level: h[1]!.length, items: [inline(h[2]!)] });
    } else if (/^\s*[-*]\s+/.test(line)) {
      if (para.length) flush();
      list ??= [];
      list.push(line.replace(/^\s*[-*]\s+/, ''));
    } else if (line.trim() === '') {
      flush();
    } else if (list && /^\s+/.test(raw)) {
      list[list.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      para.push(line.trim());
    }
  }
  flush();
  return out;
}
