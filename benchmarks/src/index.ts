export * from './errors.js';
export * from './contracts/tool.js';
export * from './contracts/lint-result.js';
export * from './surface/limits.js';
export * from './surface/parse.js';
export * from './surface/canonical.js';
export * from './surface/hash.js';
export * from './lint.js';
