// The curl examples of the repository's README.md, for the API reference page: the README is where they
// are written (and kept working); the page shows the same text, read at build time, with this site's
// address in place of the README's local and example ones.
import readme from '../../../../README.md?raw';

/** A fenced code block of the README that calls the API with curl, with the heading it is under. */
export interface CurlExample {
  heading: string;
  lang: string;
  code: string;
}

/** The README's addresses that stand for "your toolmark". */
const PLACEHOLDER_ORIGINS = ['http://127.0.0.1:3000', 'https://toolmark.example.com'];

/** Every fenced block of a Markdown text that runs curl, in order, with the nearest heading above it. */
export function curlExamples(markdown: string, origin?: string): CurlExample[] {
  const out: CurlExample[] = [];
  let heading = '';
  const fence = /^```(\w*)\n([\s\S]*?)^```$/gm;
  let last = 0;
  for (let m = fence.exec(markdown); m !== null; m = fence.exec(markdown)) {
    const before = markdown.slice(last, m.index);
    const headings = [...before.matchAll(/^#{1,6} (.+)$/gm)];
    if (headings.length > 0) heading = headings.at(-1)![1]!.trim();
    last = m.index + m[0].length;
    const code = m[2]!.replace(/\n$/, '');
    if (!/\bcurl\b/.test(code)) continue;
    out.push({ heading, lang: m[1] || 'sh', code: origin ? PLACEHOLDER_ORIGINS.reduce((c, o) => c.split(o).join(origin), code) : code });
  }
  return out;
}

/** The README's curl examples, with this site's origin. */
export const readmeCurlExamples = (origin: string): CurlExample[] => curlExamples(readme, origin);
