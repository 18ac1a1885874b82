// Research datasets: row shapes, the manifest, the validity table and verify (pure; the writers and the
// build are adapters in server/src/datasets).
export * from './columns.js';
export * from './rows.js';
export * from './repro-rows.js';
export * from './manifest.js';
export * from './rank-stats.js';
export * from './ranks.js';
export * from './standing.js';
export * from './validity.js';
export * from './recompute.js';
export * from './compare.js';
export * from './verify.js';
export * from './verify-board.js';
export * from './verify-read.js';
export * from './verify-lint.js';
export * from './verify-evaluation.js';
export * from './verify-manifest.js';
