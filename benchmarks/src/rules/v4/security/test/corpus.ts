// The attack and benign corpus of rules v4's security scan: v3's files (../../../v3/security/corpus/, read and
// never edited: v3 is sealed; its held-out-4 batch was read once under v3 and is calibration material for v4)
// and v4's own fresh held-out batch (../corpus/*.held-out-5.json, written and committed before any v4 detector
// change). How entries become tools is v3's (../../../v3/security/test/corpus.ts), shared by import.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AttackEntry, BenignEntry } from '../../../v3/security/test/corpus.js';

export { attackTool, benignTool, HONEST, labelledSecurityTools, realSurfaces, SIBLINGS, hide, type AttackEntry, type BenignEntry } from '../../../v3/security/test/corpus.js';

const V3_CORPUS = join(import.meta.dirname, '..', '..', '..', 'v3', 'security', 'corpus');
const V4_CORPUS = join(import.meta.dirname, '..', 'corpus');

export type Half = 'calibration' | 'calibration-2' | 'calibration-3' | 'calibration-4' | 'calibration-5' | 'held-out-4' | 'held-out-5';
export type BenignHalf = 'calibration' | 'calibration-2' | 'calibration-3' | 'held-out-4' | 'held-out-5';

const read = <T>(name: string): T[] => JSON.parse(readFileSync(join(name.includes('held-out-5') ? V4_CORPUS : V3_CORPUS, name), 'utf8')) as T[];
export const attacks = (half: Half): AttackEntry[] => read<AttackEntry>(`attacks.${half}.json`);
export const benign = (half: BenignHalf): BenignEntry[] => read<BenignEntry>(`benign.${half}.json`);
