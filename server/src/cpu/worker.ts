// What piscina loads in each thread of the CPU pool (pool.ts): one named export per task of tasks.ts,
// called by name. Nothing else runs here — no database, no network, no logger.
export { lintStored, lintText, lintTools, validateTasks } from './tasks.js';
