// The drizzle schema: the one description of toolmark's tables. Migrations are generated from it with
// `npm run db:generate` (drizzle-kit) and never edited once merged.
// One file per area under schema/; this module is the one drizzle-kit reads (drizzle.config.ts) and the one
// the repositories import.
export * from './schema/accounts.js';
export * from './schema/servers.js';
export * from './schema/lint.js';
export * from './schema/evaluations.js';
export * from './schema/failures.js';
export * from './schema/datasets.js';
export * from './schema/jobs.js';
export * from './schema/watch.js';
