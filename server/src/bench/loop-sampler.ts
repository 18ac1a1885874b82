// bench:loop's samplers (loop-starvation.ts), on a thread of their own: the bench's main thread builds and
// reads the heavy requests, and its own busy moments must not count as the service's latency. Asks each
// path of `workerData.paths` every `sampleMs` until `endsAt` (ms since the epoch), one request at a time
// per path, and posts the samples back.
import { parentPort, workerData } from 'node:worker_threads';

interface Job {
  url: string;
  paths: string[];
  sampleMs: number;
  endsAt: number;
}

export interface LoopSample {
  path: string;
  ms: number;
  status: number;
  code?: string;
}

const job = workerData as Job;

async function sample(path: string): Promise<LoopSample[]> {
  const out: LoopSample[] = [];
  while (Date.now() < job.endsAt) {
    const next = performance.now() + job.sampleMs;
    const start = performance.now();
    try {
      const res = await fetch(`${job.url}${path}`);
      const text = await res.text();
      let code: string | undefined;
      if (res.status >= 400) {
        try {
          code = (JSON.parse(text) as { error?: { code?: string }; database?: string }).error?.code ?? `health ${String((JSON.parse(text) as { database?: string }).database)}`;
        } catch {
          code = 'not JSON';
        }
      }
      out.push({ path, ms: performance.now() - start, status: res.status, ...(code !== undefined ? { code } : {}) });
    } catch (error) {
      out.push({ path, ms: performance.now() - start, status: 0, code: (error as Error).message });
    }
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  return out;
}

const samples = (await Promise.all(job.paths.map(sample))).flat();
parentPort?.postMessage(samples);
