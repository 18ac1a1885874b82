// `toolmark lint --pin <file>`: security-review pinning. The first run (or --update-pin after a review)
// writes the reviewed tools to the file; every later run compares the live tools with it and fails when any
// tool changed, naming each tool and printing a unified diff of what changed (jsdiff's createTwoFilesPatch:
// the `diff` package, the most used text-diff library on npm, no dependencies). Loaded only when --pin is
// given, so a plain lint does not load zod or jsdiff.
import { createTwoFilesPatch } from 'diff';
import { checkPin, makePin, pinJson, PinSchema, type Pin, type PinCheck, type Surface } from '@toolmark/benchmarks';
import { nodeSha256Hex } from '../native-hash.js';
import { exists, readTextFile, writeFileAtomic } from './files.js';
import { parseJsonFile } from './json-file.js';

/** A pin of 200 tools with their schemas is well under this; refuse anything far larger. */
const MAX_PIN_BYTES = 32 * 1024 * 1024;

/** Parse a pin file's text, naming the file and the first field that is wrong. */
export function parsePin(text: string, path: string): Pin {
  return parseJsonFile(text, path, PinSchema, { code: 'pin_invalid', key: '--pin', what: 'a toolmark pin file (toolmark lint --pin writes one)' });
}

/** The pin read before linting (a bad pin file fails before any work): absent when it is to be written. */
export type PinInput = { path: string; pin: Pin | undefined };

/** Read the pin file, unless it is to be written (--update-pin, or no file yet). */
export async function readPin(path: string, update: boolean): Promise<PinInput> {
  if (update || !(await exists(path))) return { path, pin: undefined };
  return { path, pin: parsePin(await readTextFile(path, MAX_PIN_BYTES), path) };
}

/** What --pin did: wrote the pin (first run or --update-pin), or checked the surface against it. */
export type PinOutcome = { kind: 'written'; path: string; tools: number } | { kind: 'checked'; path: string; check: PinCheck };

/** Write the pin when there was none to read, else check the surface against it. */
export async function applyPin(input: PinInput, surface: Surface): Promise<PinOutcome> {
  if (input.pin === undefined) {
    await writeFileAtomic(input.path, pinJson(makePin(surface, nodeSha256Hex)));
    return { kind: 'written', path: input.path, tools: surface.tools.length };
  }
  return { kind: 'checked', path: input.path, check: checkPin(input.pin, surface, nodeSha256Hex) };
}

/** True when the surface differs from the pin (the lint then exits 1). */
export function pinFailed(outcome: PinOutcome): boolean {
  return outcome.kind === 'checked' && outcome.check.changes.length > 0;
}

/** The report on stderr: what was written, or each changed tool with a unified diff against the pin. */
export function renderPinOutcome(outcome: PinOutcome): string {
  if (outcome.kind === 'written') {
    return `toolmark lint: pinned ${outcome.tools} tool${outcome.tools === 1 ? '' : 's'} to ${outcome.path}; review the file and commit it (later lints fail when any tool changes)\n`;
  }
  const { check, path } = outcome;
  if (check.changes.length === 0) return `toolmark lint: all ${check.unchanged} tools are as pinned in ${path} (${check.pinnedHash})\n`;
  const lines = [
    `toolmark lint: ${check.changes.length} tool${check.changes.length === 1 ? '' : 's'} differ from the review pinned in ${path} (${check.pinnedHash} → ${check.currentHash}):`,
    ...check.changes.map((c) => `  ${c.kind.padEnd(7)} ${c.name}`),
    '',
  ];
  for (const c of check.changes) {
    lines.push(createTwoFilesPatch(`pinned/${c.name}`, `now/${c.name}`, c.before ?? '', c.after ?? '', undefined, undefined, { context: 2 }).trimEnd(), '');
  }
  lines.push(`Review the changes; when they are safe, record them with: toolmark lint … --pin ${path} --update-pin`, '');
  return lines.join('\n');
}
