import { ModelBoardQuerySchema, ModelsBoardQuerySchema } from '@toolmark/benchmarks/api';
import { z } from 'zod';
import { modelBoard } from '../../pipelines/model-board.js';
import { modelsBoard } from '../../pipelines/models-board.js';
import { serviceOf } from '../context.js';
import { defineTool } from '../tool.js';

const RateSchema = z.object({ value: z.number().nullable(), ci95: z.tuple([z.number(), z.number()]).nullable() });
const rate = (r: { value: number | null; ci95: [number, number] | null }) => ({ value: r.value === null ? null : Math.round(r.value * 1000) / 1000, ci95: r.ci95 });

/** get_model_results — GET /v1/leaderboards/models, or with a model GET /v1/leaderboards/evaluations: how well models choose tools. */
export const getModelResultsTool = defineTool({
  name: 'get_model_results',
  title: 'Get model evaluation results',
  description:
    'Read toolmark\'s evaluation results: without model, the models leaderboard (each model pooled over the public suite\'s servers: how often it chose the right tool); ' +
    'with model, that model\'s results per public server. Use it to pick a model for a server, or to see how well a server\'s tools are understood. ' +
    'Returns rows with rank, selection accuracy and false-call rate (with 95% intervals) and whether the run is complete; the lexical baseline is marked baseline, never a model.',
  inputSchema: {
    model: ModelBoardQuerySchema.shape.model.optional().describe('A model id as in the catalogue, e.g. "openai/gpt-5-mini"; omit it for the models leaderboard'),
    distractors: z.string().max(400).default('').describe('Comma-separated distractor sets shown beside the tools, default none'),
    language: ModelsBoardQuerySchema.shape.language.describe('Language of the cases: en (default) or ja'),
    limit: z.number().int().min(1).max(50).default(10).describe('Rows, 1-50, default 10'),
  },
  outputSchema: z.object({
    board: z.enum(['models', 'model']),
    model: z.string().nullable(),
    comparabilityKey: z.string().nullable(),
    total: z.number(),
    rows: z.array(
      z.object({
        rank: z.number().nullable(),
        name: z.string(),
        baseline: z.boolean(),
        servers: z.number().optional(),
        selectionAcc: RateSchema,
        falseCallRate: RateSchema,
        complete: z.boolean(),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx, args) {
    const service = serviceOf(ctx);
    if (args.model === undefined) {
      const board = await modelsBoard(service, { distractors: args.distractors, language: args.language });
      return {
        data: {
          board: 'models',
          model: null,
          comparabilityKey: null,
          total: board.items.length,
          rows: board.items.slice(0, args.limit).map((r) => ({
            rank: r.rank,
            name: r.model.id,
            baseline: r.model.baseline,
            servers: r.servers,
            selectionAcc: rate(r.selectionAcc),
            falseCallRate: rate(r.falseCallRate),
            complete: r.complete,
          })),
        },
      };
    }
    const board = await modelBoard(service, ModelBoardQuerySchema.parse({ model: args.model, distractors: args.distractors, language: args.language, limit: args.limit }));
    return {
      data: {
        board: 'model',
        model: board.model.id,
        comparabilityKey: board.comparabilityKey,
        total: board.total,
        rows: board.items.map((r) => ({
          rank: r.rank,
          name: r.server.slug,
          baseline: board.model.baseline,
          selectionAcc: rate(r.selectionAcc),
          falseCallRate: rate(r.falseCallRate),
          complete: r.complete,
        })),
      },
    };
  },
});
