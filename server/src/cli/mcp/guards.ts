// The launch guards of `toolmark mcp`, in one place: what the agent may touch is fixed by the operator's
// flags and reviewed JSON config when the server starts, never by the agent. Every stdio tool passes its
// paths, targets, providers and budgets through one LaunchGuards; nothing else decides.
import { lstat, realpath } from 'node:fs/promises';
import { dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { RunPlan, Surface, TaskSet } from '@toolmark/benchmarks';
import { httpAuthFromEnv } from '../../capture/http-target.js';
import type { Source } from '../args.js';
import { configTarget, parseRunConfig, type LoadedConfig } from '../config-file.js';
import { readTextFile } from '../files.js';
import { CliError } from '../errors.js';
import { MODEL_OPTIONAL, type ProviderId } from '../../providers/index.js';
import { McpToolError, type McpContext, type McpLocal } from '../../mcp/tool.js';
import { readTaskSet } from '../task-set-file.js';
import { targetSurface } from './evaluation.js';

/** The operator's budgets when no flag or config sets them, and the ceilings nothing can raise. */
export const LAUNCH_DEFAULTS = { maxTrials: 50, maxTools: 60 } as const;
export const LAUNCH_CEILINGS = { maxTrials: 1_000, maxTools: 1_000 } as const;

/** The launch flags of `toolmark mcp`, parsed. */
export interface LaunchFlags {
  /** The reviewed JSON config (never .js/.ts; never looked for): the target, tasks, provider, trials. */
  config?: string | undefined;
  /** Let the agent name another target: a file inside the working directory, a URL or a command. Unsafe: for isolated setups. */
  allowDynamicTargets: boolean;
  /** Contact a model provider (every provider but the lexical baseline and the mock). */
  allowPaidRuns: boolean;
  /** Let the agent choose another provider or model than the config's. */
  allowProviderOverrides: boolean;
  /** Keep a persistent answer cache (.toolmark/cache in the working directory). */
  cache: boolean;
  /** Paid trials this server may send in all, over every call (default 50, ceiling 1000). */
  maxTrials?: number | undefined;
  /** Most tools one trial may show (default 60, ceiling 1000). */
  maxTools?: number | undefined;
  /** Where a full run writes its whole report (inside the working directory). */
  resultFile?: string | undefined;
}

/** A target the agent names (only with --allow-dynamic-targets). */
export type AgentTarget = { file: string } | { url: string } | { command: string[] };

/** A provider and model the agent asks for (only with --allow-provider-overrides). */
export interface ProviderChoice {
  provider: ProviderId;
  model: string | undefined;
  baseURL: string | undefined;
}

const refuse = (code: 'path_refused' | 'target_refused' | 'paid_runs_disabled' | 'override_refused' | 'budget_exceeded', message: string, detail: Record<string, unknown> = {}): McpToolError =>
  new McpToolError(code, message, detail);

/** Is `inner` the folder `outer` or inside it? (Both absolute and normalised.) */
function inside(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The guards of one `toolmark mcp` process. */
export class LaunchGuards implements McpLocal {
  private spentTrials = 0;

  private constructor(
    /** The working directory, symlinks resolved. */
    readonly cwd: string,
    readonly flags: Readonly<Required<Omit<LaunchFlags, 'config' | 'resultFile'>>> & { config: string | undefined; resultFile: string | undefined },
    readonly config: LoadedConfig | undefined,
    /** Where provider keys and the HTTP target's Authorization come from: the operator's environment. */
    readonly env: Readonly<Record<string, string | undefined>>,
  ) {}

  /** Check the flags and read the config (a launch error is a CliError: the process does not start). */
  static async create(flags: LaunchFlags, cwd: string, env: Readonly<Record<string, string | undefined>>): Promise<LaunchGuards> {
    const root = await realpath(cwd);
    let config: LoadedConfig | undefined;
    if (flags.config !== undefined) {
      const file = resolve(root, flags.config);
      if (extname(file) !== '.json') throw new CliError('usage', `--config takes a reviewed JSON file; ${flags.config} is not .json (JavaScript and TypeScript configs are never run by toolmark mcp)`, { key: '--config' });
      const text = await readTextFile(file, 256 * 1024);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new CliError('config_invalid', `${flags.config}: not JSON: ${error instanceof Error ? error.message : String(error)}`, { where: file });
      }
      config = { file, config: parseRunConfig(value, file) };
    }
    const budget = (key: 'maxTrials' | 'maxTools', flag: string): number => {
      const n = flags[key] ?? config?.config.trials?.[key] ?? LAUNCH_DEFAULTS[key];
      if (!Number.isInteger(n) || n < 1 || n > LAUNCH_CEILINGS[key]) {
        throw new CliError('usage', `${flag} (or trials.${key}) must be an integer from 1 to ${LAUNCH_CEILINGS[key]}, the hard ceiling; got ${n}`, { key: flag });
      }
      return n;
    };
    let resultFile: string | undefined;
    if (flags.resultFile !== undefined) {
      resultFile = resolve(root, flags.resultFile);
      const parent = await realpath(dirname(resultFile)).catch(() => undefined);
      if (parent === undefined || !inside(root, parent) || !inside(root, resultFile)) {
        throw new CliError('usage', `--result-file must be inside the working directory ${root}`, { key: '--result-file' });
      }
    }
    return new LaunchGuards(
      root,
      {
        config: config?.file,
        allowDynamicTargets: flags.allowDynamicTargets,
        allowPaidRuns: flags.allowPaidRuns,
        allowProviderOverrides: flags.allowProviderOverrides,
        cache: flags.cache,
        maxTrials: budget('maxTrials', '--max-trials'),
        maxTools: budget('maxTools', '--max-tools'),
        resultFile,
      },
      config,
      env,
    );
  }

  /** Trials of the paid budget still unspent. */
  get remainingTrials(): number {
    return this.flags.maxTrials - this.spentTrials;
  }

  /**
   * A file the agent names (a task set, a saved run): relative, inside the working directory, also once
   * symlinks are resolved, and existing. Anything else is refused with `path_refused` naming the argument.
   */
  async inputFile(path: string, argument: string): Promise<string> {
    if (path.includes('\0') || isAbsolute(path) || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\')) {
      throw refuse('path_refused', `${argument} must be a path relative to the working directory; absolute paths are refused`, { argument, path });
    }
    const full = resolve(this.cwd, path);
    if (!inside(this.cwd, full)) throw refuse('path_refused', `${argument} leaves the working directory`, { argument, path });
    let real: string;
    try {
      real = await realpath(full);
    } catch {
      throw new McpToolError('not_found', `${argument}: no such file in the working directory: ${path}`, { argument, path });
    }
    if (!inside(this.cwd, real)) throw refuse('path_refused', `${argument} is a link that leads out of the working directory`, { argument, path });
    if (!(await lstat(real)).isFile()) throw refuse('path_refused', `${argument} is not a regular file`, { argument, path });
    return real;
  }

  /** The surface to act on: the configured target, or (only with --allow-dynamic-targets) the agent's. */
  async target(agent: AgentTarget | undefined): Promise<Source> {
    if (agent !== undefined) {
      if (!this.flags.allowDynamicTargets) {
        throw refuse('target_refused', 'this server acts only on its configured target; the operator did not start it with --allow-dynamic-targets', { argument: 'target' });
      }
      if ('file' in agent) return { kind: 'file', path: await this.inputFile(agent.file, 'target.file') };
      if ('url' in agent) return { kind: 'http', url: agent.url, auth: httpAuthFromEnv(this.env) };
      const [command, ...args] = agent.command;
      if (command === undefined || command === '') throw refuse('target_refused', 'target.command is empty', { argument: 'target.command' });
      return { kind: 'stdio', command, args, env: {} };
    }
    const t = configTarget(this.config);
    if (t.file !== undefined) return { kind: 'file', path: t.file };
    if (t.url !== undefined) return { kind: 'http', url: t.url, auth: httpAuthFromEnv(this.env) };
    if (t.command !== undefined && t.command.length > 0) {
      const env = Object.fromEntries((t.env ?? []).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
      return { kind: 'stdio', command: t.command[0]!, args: t.command.slice(1), env };
    }
    throw refuse('target_refused', 'no target is configured: the operator names one in the --config file ("target")', { argument: 'target' });
  }

  /** McpLocal: the task set the agent names (inside the working directory) or the configured one. */
  async taskSet(file: string | undefined, argument: string): Promise<TaskSet | undefined> {
    const path = file !== undefined ? await this.inputFile(file, argument) : this.configuredTasks;
    return path === undefined ? undefined : (await readTaskSet(path)).set;
  }

  /** McpLocal: the configured target's surface. */
  async targetSurface(): Promise<Surface> {
    return (await targetSurface(this)).surface;
  }

  /** The configured task set's file, if any (the operator's path). */
  get configuredTasks(): string | undefined {
    const tasks = this.config?.config.tasks;
    return tasks === undefined || this.config === undefined ? undefined : resolve(dirname(this.config.file), tasks);
  }

  /** Who answers: the config's provider, or (only with --allow-provider-overrides) the agent's choice. */
  provider(choice: Partial<ProviderChoice> | undefined): ProviderChoice {
    const configured = this.config?.config.provider;
    const asked = choice !== undefined && (choice.provider !== undefined || choice.model !== undefined);
    if (asked && !this.flags.allowProviderOverrides) {
      throw refuse('override_refused', 'the provider and model come from the configuration; the operator did not start this server with --allow-provider-overrides', {
        argument: choice.provider !== undefined ? 'provider' : 'model',
      });
    }
    const provider = choice?.provider ?? configured?.name ?? 'lexical';
    const sameProvider = choice?.provider === undefined || choice.provider === configured?.name;
    return {
      provider,
      model: choice?.model ?? (sameProvider ? configured?.model : undefined),
      baseURL: sameProvider ? configured?.baseUrl : undefined,
    };
  }

  /** A run that contacts a provider needs --allow-paid-runs. */
  paid(provider: ProviderId): boolean {
    const paid = !MODEL_OPTIONAL.has(provider);
    if (paid && !this.flags.allowPaidRuns) {
      throw refuse('paid_runs_disabled', `provider ${provider} calls a model, and this server was started without --allow-paid-runs; estimate_evaluation shows the workload for free`, { provider });
    }
    return paid;
  }

  /** Check a plan against the launch budgets (tools per trial; paid trials left over every call). */
  withinBudget(plan: RunPlan, paid: boolean): void {
    const shown = plan.shown.length;
    if (shown > this.flags.maxTools) {
      throw refuse('budget_exceeded', `a trial would show ${shown} tools; this server allows ${this.flags.maxTools} (--max-tools, set by the operator)`, { limit: this.flags.maxTools, actual: shown, budget: 'maxTools' });
    }
    if (paid && plan.trials.length > this.remainingTrials) {
      throw refuse('budget_exceeded', `the run has ${plan.trials.length} trials; ${this.remainingTrials} of this server's ${this.flags.maxTrials} paid trials are left (--max-trials, set by the operator)`, {
        limit: this.remainingTrials,
        actual: plan.trials.length,
        budget: 'maxTrials',
      });
    }
  }

  /** Spend a run's trials from the paid budget (before it starts: a cancelled run still spent them). */
  spend(plan: RunPlan, paid: boolean): void {
    this.withinBudget(plan, paid);
    if (paid) this.spentTrials += plan.trials.length;
  }

  /** Where answers are cached: only with --cache. */
  get cacheDir(): string | undefined {
    return this.flags.cache ? resolve(this.cwd, '.toolmark/cache') : undefined;
  }
}

/** The launch guards of a stdio call (a stdio-only tool's refusal anywhere else). */
export function launchOf(ctx: McpContext): LaunchGuards {
  if (!(ctx.local instanceof LaunchGuards)) throw new McpToolError('unavailable', 'this tool is offered only by toolmark mcp over stdio');
  return ctx.local;
}
