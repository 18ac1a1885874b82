import { MAX_TASK_SET_BYTES, parseTaskSet, type TaskSet } from '@toolmark/benchmarks';
import { readTextFile } from './files.js';

// Apart from files.ts so that the commands that write files (`lint`, `dump`) do not load the YAML parser
// and the task-set schema at start-up (docs/performance.md, "CLI start-up").

/** Read and parse a task-set YAML file; the case source it is recorded as is `file:<path>`. */
export async function readTaskSet(path: string): Promise<{ set: TaskSet; source: string }> {
  return { set: parseTaskSet(await readTextFile(path, MAX_TASK_SET_BYTES)), source: `file:${path}` };
}
