/** Largest accepted `tools/list` body in bytes (UTF-8): 1 MiB. */
export const MAX_SURFACE_BYTES = 1024 * 1024;
/** Deepest nesting of objects and arrays inside one tool (a tool object is level 1). */
export const MAX_TOOL_DEPTH = 64;
/** Most tools accepted in one surface. */
export const MAX_SURFACE_TOOLS = 200;
