import type { Command } from 'commander';
import { CaseLanguageSchema, type CaseLanguage } from '@toolmark/benchmarks';
import { DEFAULT_GENERATOR_TIMEOUT_MS, type GeneratorSpec } from '../eval/evaluate.js';
import { availableDistractorSets } from '../eval/distractors.js';
import { isProviderId, MODEL_OPTIONAL } from '../providers/index.js';
import { numberOption } from './args.js';
import { CliError } from './errors.js';

/** The range of a number option. */
export interface Bounds {
  min: number;
  max: number;
  integer?: boolean;
}

/** The ranges of the number options of `run` and `tasks lint`, shared by the flags and toolmark.config.json. */
export const RUN_BOUNDS = {
  repeat: { min: 1, max: 100, integer: true },
  seed: { min: 0, max: 2 ** 31 - 1, integer: true },
  temperature: { min: 0, max: 2 },
  maxOutputTokens: { min: 1, max: 32_768, integer: true },
  concurrency: { min: 1, max: 64, integer: true },
  maxTrials: { min: 1, max: 100_000, integer: true },
  maxTools: { min: 1, max: 1_000, integer: true },
  casesPerTool: { min: 1, max: 100, integer: true },
  minAccuracy: { min: 0, max: 1 },
  maxFalseCalls: { min: 0, max: 1 },
  maxErrorRate: { min: 0, max: 1 },
  minScored: { min: 0, max: 100_000, integer: true },
  maxContextTokens: { min: 1, max: 10_000_000, integer: true },
  secondsPerTrial: { min: 0.001, max: 3_600 },
  minCasesPerTool: { min: 1, max: 1_000, integer: true },
} as const satisfies Record<string, Bounds>;

/** The flag of a bounded option: `maxTrials` → `--max-trials`. */
export const flagOf = (key: string): string => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Parse a bounded number option by its key (the flag and the range from {@link RUN_BOUNDS}). */
export function boundedOption(options: Partial<Record<keyof typeof RUN_BOUNDS, string>>, key: keyof typeof RUN_BOUNDS): number | undefined {
  return numberOption(options[key], flagOf(key), RUN_BOUNDS[key]);
}

/** Parse `--only a,b` / `--skip a,b`: task id prefixes, trimmed, de-duplicated. */
export function prefixList(text: string | undefined): string[] {
  return [...new Set((text ?? '').split(',').map((s) => s.trim()).filter((s) => s !== ''))];
}

/** The generator options `run` and `tasks generate` share (one name and one default each). */
export interface GeneratorOptions {
  generateWith?: string;
  generatorModel?: string;
  generatorBaseUrl?: string;
  generatorTimeout: string;
  tasks?: string;
}

/** Declare the generator options on a command: the same flags, help and defaults for `run` and `tasks generate`. */
export function addGeneratorOptions(command: Command): Command {
  return command
    .option('--generate-with <provider>', 'write the cases with a generator model through this provider (default: the offline generator)')
    .option('--generator-model <model>', 'the generator model')
    .option('--generator-base-url <url>', 'endpoint override for the generator')
    .option('--generator-timeout <seconds>', 'time limit of the generator request (one answer holds every case)', String(DEFAULT_GENERATOR_TIMEOUT_MS / 1000));
}

/** Parse --languages en,ja. */
export function languagesOf(text: string): CaseLanguage[] {
  const list = [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];
  for (const l of list) {
    if (!CaseLanguageSchema.safeParse(l).success) throw new CliError('usage', `--languages takes en and/or ja, got "${l}"`, { key: '--languages' });
  }
  if (list.length === 0) throw new CliError('usage', '--languages needs at least one language', { key: '--languages' });
  return list as CaseLanguage[];
}

/** --generate-with <provider> --generator-model <model>: both or neither; the baseline and mock cannot write cases. */
export function generatorOf(options: GeneratorOptions): GeneratorSpec | undefined {
  const timeoutMs = numberOption(options.generatorTimeout, '--generator-timeout', { min: 1, max: 3600 })! * 1000;
  if (options.generateWith === undefined && options.generatorModel === undefined) return undefined;
  if (options.generateWith === undefined || options.generatorModel === undefined) {
    throw new CliError('usage', '--generate-with and --generator-model go together', { key: '--generate-with' });
  }
  if (options.tasks !== undefined) throw new CliError('usage', '--tasks and --generate-with contradict each other; give one', { key: '--generate-with' });
  if (!isProviderId(options.generateWith) || MODEL_OPTIONAL.has(options.generateWith)) {
    throw new CliError('usage', `--generate-with needs a model provider, got "${options.generateWith}"`, { key: '--generate-with' });
  }
  return {
    provider: options.generateWith,
    model: options.generatorModel,
    ...(options.generatorBaseUrl !== undefined ? { baseURL: options.generatorBaseUrl } : {}),
    timeoutMs,
  };
}

/** Parse `--distractors a,b` (or `all`): names trimmed, de-duplicated, in the order given. */
export function parseDistractorList(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return [];
  if (text.trim() === 'all') return availableDistractorSets();
  return [...new Set(text.split(',').map((s) => s.trim()).filter((s) => s !== ''))];
}
