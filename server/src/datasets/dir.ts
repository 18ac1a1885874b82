// Where dataset releases live on this install.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';

/** The data folder: TOOLMARK_DATA_DIR, else the checkout's `.toolmark/`. */
export const dataDir = (config: Config): string => config.TOOLMARK_DATA_DIR ?? resolve(fileURLToPath(import.meta.url), '..', '..', '..', '..', '.toolmark');

/** The folder dataset releases live in: TOOLMARK_DATASETS_DIR, else `datasets/` in the data folder. */
export const datasetsDir = (config: Config): string => config.TOOLMARK_DATASETS_DIR ?? join(dataDir(config), 'datasets');
