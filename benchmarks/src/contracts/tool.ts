import { z } from 'zod';

/** MCP tool annotations; unknown keys are kept. */
export const ToolAnnotationsSchema = z.looseObject({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});
/** MCP tool annotations. */
export type ToolAnnotations = z.infer<typeof ToolAnnotationsSchema>;

/** A JSON Schema object as sent by a server (kept verbatim). */
export type JsonSchemaObject = Record<string, unknown>;

/** One tool exactly as the server sent it: known fields typed, every other field kept. */
export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  annotations?: ToolAnnotations | Record<string, unknown>;
  _meta?: Record<string, unknown>;
  [unknownField: string]: unknown;
}

/** A parsed `tools/list` surface: the tools in the order the server sent them. */
export interface Surface {
  tools: Tool[];
}
