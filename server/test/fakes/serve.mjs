// Run one fake LLM server in its own process (the bench keeps its CPU off the runner's event loop):
// node serve.mjs <openai|anthropic> <latencyMs> — prints {"baseURL","key"} as one JSON line, runs until killed.
import process from 'node:process';
import { startFake } from './llm-servers.mjs';

const fake = await startFake(process.argv[2] === 'anthropic' ? 'anthropic' : 'openai', { latencyMs: Number(process.argv[3] ?? 0) });
process.stdout.write(`${JSON.stringify({ baseURL: fake.baseURL, key: fake.key })}\n`);
process.on('SIGTERM', () => {
  void fake.close().then(() => process.exit(0));
});
