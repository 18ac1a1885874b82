// The fault scenarios of `npm run bench:faults` (one file each in this folder) and the lanes they run in.
// Lanes run at the same time, each its scenarios one after another, every scenario in a process of its own
// (child.ts) with its own service, database and clients: they share nothing but the machine's cores and its
// PostgreSQL server (each on a throwaway database of its own; kill-embedded-postgres on its own cluster).
// A scenario is only ever made harder by its neighbours (they load the machine), never easier: each judges
// its own service's answers, rows and recoveries against the same targets as when it runs alone.
import type { Scenario } from './lib.js';
import concurrentSaves from './concurrent-saves.js';
import databaseOutage from './database-outage.js';
import fuzz from './fuzz.js';
import killEmbeddedPostgres from './kill-embedded-postgres.js';
import mcp from './mcp.js';
import scopeMatrix from './scope-matrix.js';
import slowBodies from './slow-bodies.js';
import terminateConnections from './terminate-connections.js';
import workerKilled from './worker-killed.js';

/** Every scenario, in the order of the table (and of a serial run, FAULTS_LANES=1). */
export const SCENARIOS: Scenario[] = [fuzz, mcp, scopeMatrix, concurrentSaves, terminateConnections, databaseOutage, killEmbeddedPostgres, workerKilled, slowBodies];

/**
 * The lanes of a full run. The fuzz is the longest scenario and bound by the CPU (as many requests as the
 * machine lets it send: 6 minutes of the 8.5 at a load of 16–22), so it has a lane to itself, then mcp; the
 * scenarios that mostly wait for a fixed time (the database faults and their windows; the request timeout
 * of slow sockets, the heartbeat window of a killed worker) fill the others, then the short ones (the
 * matrix, the concurrent saves), so the waits overlap with work instead of adding up. mcp comes after the
 * fuzz: its 200-tool lints run on the service's CPU pool at nice 10, which every busy neighbour slows, and
 * it holds them to 5 s; by then the other lanes have mostly ended.
 */
export const LANES: string[][] = [
  ['fuzz', 'mcp'],
  ['database-outage', 'kill-embedded-postgres', 'terminate-connections', 'concurrent-saves'],
  ['slow-bodies', 'worker-killed', 'scope-matrix'],
];

/**
 * The lanes for the chosen ids. `spec` (FAULTS_LANES): unset, LANES; `1`, one lane in table order; or lanes
 * of its own, `fuzz,mcp|database-outage,kill-embedded-postgres` (every chosen id once; throws otherwise).
 */
export function plan(chosen: readonly string[], spec = ''): string[][] {
  if (spec === '1') return [SCENARIOS.map((s) => s.id).filter((id) => chosen.includes(id))];
  const lanes = spec === '' ? LANES : spec.split('|').map((lane) => lane.split(',').map((id) => id.trim()).filter(Boolean));
  const picked = lanes.map((lane) => lane.filter((id) => chosen.includes(id))).filter((lane) => lane.length > 0);
  const ids = picked.flat();
  const unknown = lanes.flat().filter((id) => !SCENARIOS.some((s) => s.id === id));
  const missing = chosen.filter((id) => !ids.includes(id));
  if (unknown.length || missing.length || new Set(ids).size !== ids.length) {
    throw new Error(`FAULTS_LANES: ${[unknown.length ? `unknown ${unknown.join(', ')}` : '', missing.length ? `missing ${missing.join(', ')}` : '', new Set(ids).size !== ids.length ? 'an id twice' : ''].filter(Boolean).join('; ')}`);
  }
  return picked;
}
