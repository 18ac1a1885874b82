export * from './finding-key.js';
export * from './compare.js';
export * from './gate.js';
export * from './render-gate.js';
export * from './pin.js';
