// Text from servers made safe to look at: every invisible, control or direction-changing character becomes
// its <U+XXXX> notation (the core's own rule, the same as the CLI's), before any page sees it; tabs and line
// breaks of descriptions stay whitespace. Svelte escapes HTML; this makes what a person reads the same as
// what a model reads.
import { visibleText } from '@toolmark/benchmarks';

/**
 * Visible text of a description or message. Tabs and line breaks stay whitespace (pages lay them out with
 * `white-space: pre-line`); only what is invisible or a control character otherwise becomes `<U+XXXX>`.
 */
export const visible = (text: string | null | undefined): string | null => (text === null || text === undefined ? null : visibleText(text, { layout: true }));
/** Visible text of a name: odd spaces shown too (a no-break space makes a look-alike name). */
export const visibleName = (text: string): string => visibleText(text, { spaces: true });
