// Kind `representation` (rules v4, issue 25 point 6): one thing read in two forms — a page and the page as
// Markdown (`API-retrieve-a-page` / `API-retrieve-page-markdown`), a list of documents and their tree
// (`get_documents` / `get_document_tree`). Reason: a request for the thing ("read that page", "show the
// project's documents") fits both names, and what each form is good for is what the maintainer must say.
// The names must be the same job — the same words once the product and fillers ("a", "as") are set aside
// — but for one word of form on one of them only. A format (Markdown, HTML) is of the same thing, word for
// word (`page` / `page markdown`); a shape (tree, outline) is of many, so the plain name says them in the
// plural (`documents` / `document tree`; not `document`, one of them).
import { stem } from '../../../text/words.js';
import { NAME_FILLER, REPRESENTATIONS, SHAPES } from './lexicon.js';
import type { Traits } from './traits.js';

/** What a name says beyond the product and the fillers. */
const job = (t: Traits): string[] => t.words.filter((w) => !t.product.includes(w) && !NAME_FILLER.has(w));

/** One name is the other's plus one word of form, and the other has no word of form. */
export function representationPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  const [ja, jb] = [job(a), job(b)];
  const forms = (j: string[]): string[] => j.filter((w) => REPRESENTATIONS.has(w));
  const [fa, fb] = [forms(ja), forms(jb)];
  if (fa.length + fb.length !== 1) return undefined;
  const [withForm, plain, form] = fa.length === 1 ? [ja, jb, fa[0]!] : [jb, ja, fb[0]!];
  const rest = withForm.filter((w) => w !== form);
  if (plain.length === 0 || rest.length !== plain.length) return undefined;
  const shape = SHAPES.has(form);
  // Word for word; for a shape, each word of the plain name the same or the plural of the other's.
  const matches = (p: string, w: string): boolean => p === w || (shape && p !== stem(p) && stem(p) === w);
  if (!plain.every((p) => rest.some((w) => matches(p, w)))) return undefined;
  if (shape && !plain.some((p) => p !== stem(p) && rest.includes(stem(p)))) return undefined;
  return { tool: fa.length === 1 ? a.name : b.name, words: [form] };
}
