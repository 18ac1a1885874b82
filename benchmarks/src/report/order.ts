import type { CategoryId, Severity } from '../contracts/lint-result.js';

// The orders the contract defines (SeveritySchema and CategoryIdSchema in contracts/lint-result.ts), written
// out for the report so that printing a lint does not load zod: `toolmark lint` renders a report, and zod's
// modules were a large part of the CLI's start-up (docs/performance.md, "CLI start-up"). order.test.ts
// checks that both lists equal the schemas' options, in order.

/** Severities from most to least severe, as the contract orders them. */
export const SEVERITY_ORDER: readonly Severity[] = ['critical', 'required', 'minor'];

/** The six categories in the contract's order. */
export const CATEGORY_ORDER: readonly CategoryId[] = ['purpose', 'usage', 'parameters', 'returns', 'constraints', 'examples'];
