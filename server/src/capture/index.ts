export * from './errors.js';
export * from './redact.js';
export * from './http-target.js';
export * from './stdio.js';
export * from './guarded-fetch.js';
export * from './http.js';
export { RecordingTransport, type RawResponse } from '@toolmark/distractors/recording-transport';
export * from './capture.js';
