/** Progress of a run: ticked once per finished trial (the CLI draws a bar; a job could record counts). */
export interface Progress {
  tick(info: { cached: boolean; error: boolean }): void;
  stop(): void;
}

/** No output at all (not a terminal, JSON output, tests, jobs). */
export const silentProgress: Progress = { tick: () => undefined, stop: () => undefined };
