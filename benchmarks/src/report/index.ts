export * from './band.js';
export * from './visible.js';
export * from './terminal.js';
export * from './markdown.js';
export * from './finding-message.js';
export * from './sarif.js';
export * from './pr-markdown.js';
