export * from './errors.js';
export * from './prng.js';
export * from './render.js';
export * from './hashes.js';
export * from './plan.js';
export * from './stats.js';
export * from './cache-key.js';
export * from './workload.js';
