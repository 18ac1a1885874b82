import { lintTaskSet, MAX_TASK_SET_BYTES, parseSurfaceValue, parseTaskSet, TASK_LINT_DEFAULTS, type Surface, type TaskSet } from '@toolmark/benchmarks';
import { z } from 'zod';
import { defineTool, McpToolError, type McpContext } from '../tool.js';

const taskSetOf = async (ctx: McpContext, args: { tasks?: string | undefined; tasksFile?: string | undefined }): Promise<TaskSet> => {
  if (args.tasks !== undefined && args.tasksFile !== undefined) throw new McpToolError('invalid_arguments', 'give tasks or tasksFile, not both', { path: 'arguments.tasksFile' });
  if (args.tasks !== undefined) return parseTaskSet(args.tasks);
  if (ctx.local === undefined) {
    if (args.tasksFile !== undefined) throw new McpToolError('invalid_arguments', 'tasksFile is read only by toolmark mcp over stdio; send the YAML as tasks', { path: 'arguments.tasksFile' });
    throw new McpToolError('invalid_arguments', 'tasks is required: the task-set YAML', { path: 'arguments.tasks' });
  }
  const set = await ctx.local.taskSet(args.tasksFile, 'tasksFile');
  if (set === undefined) throw new McpToolError('invalid_arguments', 'no task set: give tasks (YAML) or tasksFile, or configure "tasks"', { path: 'arguments.tasks' });
  return set;
};

const surfaceOf = async (ctx: McpContext, tools: Record<string, unknown>[] | undefined): Promise<Surface> => {
  if (tools !== undefined) return parseSurfaceValue({ tools });
  if (ctx.local === undefined) throw new McpToolError('invalid_arguments', 'tools is required: the tools array of the surface the task set is for', { path: 'arguments.tools' });
  return ctx.local.targetSurface();
};

/** validate_tasks — `toolmark tasks lint --format json`: a task set checked against a surface, no model. */
export const validateTasksTool = defineTool({
  name: 'validate_tasks',
  title: 'Validate a task set',
  description:
    'Check a toolmark task set (YAML) against the tools it is written for, without any model: every expected tool exists, expected arguments pass its schema, ids are unique, ' +
    `each tool has at least ${TASK_LINT_DEFAULTS.minCasesPerTool} cases and at least 15% of the tasks expect no call. Use it before an evaluation. Returns ok and each problem with its level, code and message.`,
  inputSchema: {
    tasks: z.string().min(1).max(MAX_TASK_SET_BYTES).optional().describe('The task-set YAML text ("version: 1" and "tasks:"); over stdio, omit it to use tasksFile or the configured tasks'),
    tasksFile: z.string().min(1).max(500).optional().describe('Over stdio only: a task-set YAML file inside the working directory, e.g. "tasks.yaml"'),
    tools: z.array(z.record(z.string(), z.unknown())).min(1).max(200).optional().describe('The tools array of the surface, as in a tools/list result; over stdio, omit it to use the configured target'),
    minCasesPerTool: z.number().int().min(1).max(1000).default(TASK_LINT_DEFAULTS.minCasesPerTool).describe(`Fewest tasks per tool, default ${TASK_LINT_DEFAULTS.minCasesPerTool}`),
  },
  outputSchema: z.object({
    ok: z.boolean(),
    problems: z.array(z.object({ level: z.enum(['error', 'warning']), code: z.string(), message: z.string(), taskId: z.string().optional(), tool: z.string().optional() })),
    counts: z.object({ tasks: z.number(), noCall: z.number(), byTool: z.record(z.string(), z.number()) }),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx, args) {
    // Over http the YAML and the tools are inline: parsing and checking them is CPU work for the pool.
    if (ctx.cpu && args.tasks !== undefined && args.tools !== undefined && args.tasksFile === undefined) {
      return { data: await ctx.cpu.run('validateTasks', { tasks: args.tasks, tools: args.tools, minCasesPerTool: args.minCasesPerTool }) };
    }
    const set = await taskSetOf(ctx, args);
    const surface = await surfaceOf(ctx, args.tools);
    return { data: lintTaskSet(set, surface, { minCasesPerTool: args.minCasesPerTool }) };
  },
});
