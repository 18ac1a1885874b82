// A package's own facts from its registry metadata (`npm view <name> --json`), normalised.
import { linkedBinName } from '../capture/npm-package.js';
import type { PackageFacts } from './entry.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** `git+https://github.com/a/b.git`, `git@github.com:a/b.git`, `github:a/b`, `a/b` -> `https://github.com/a/b`. */
export function repositoryUrl(value: unknown): string | null {
  const raw = isRecord(value) ? str(value.url) : str(value);
  if (raw === null) return null;
  let url = raw.replace(/^git\+/, '').replace(/\.git$/, '');
  const scp = /^git@([^:]+):(.+)$/.exec(url);
  if (scp) url = `https://${scp[1]}/${scp[2]}`;
  const short = /^(github|gitlab|bitbucket):(.+)$/.exec(url);
  if (short) url = `https://${short[1]}.${short[1] === 'bitbucket' ? 'org' : 'com'}/${short[2]}`;
  if (/^[\w.-]+\/[\w.-]+$/.test(url)) url = `https://github.com/${url}`;
  url = url.replace(/^(git|ssh):\/\/(git@)?/, 'https://');
  return /^https?:\/\/[^\s]+$/.test(url) ? url : null;
}

/** The facts the catalogue keeps from a version's metadata. */
export function packageFacts(meta: Record<string, unknown>): PackageFacts {
  const license = isRecord(meta.license) ? str(meta.license.type) : str(meta.license);
  const keywords = Array.isArray(meta.keywords) ? meta.keywords.filter((k): k is string => typeof k === 'string').slice(0, 20) : [];
  const engines = isRecord(meta.engines) ? str(meta.engines.node) : null;
  const homepage = str(meta.homepage);
  return {
    description: str(meta.description),
    license,
    repository: repositoryUrl(meta.repository),
    homepage: homepage !== null && /^https?:\/\//.test(homepage) ? homepage : null,
    keywords,
    nodeEngines: engines,
    deprecated: str(meta.deprecated),
  };
}

/** The package's bins, as npm would link them. */
export function packageBins(name: string, meta: Record<string, unknown>): string[] {
  if (typeof meta.bin === 'string') return [linkedBinName(name)];
  return isRecord(meta.bin) ? [...new Set(Object.keys(meta.bin).map(linkedBinName))] : [];
}

/** Which bin to start: the only one, else the one named like the package, else one with "mcp" in it. */
export function chooseCatalogueBin(name: string, bins: string[]): string | null {
  if (bins.length <= 1) return bins[0] ?? null;
  const base = name.replace(/^@[^/]+\//, '');
  return bins.find((b) => b === base) ?? bins.find((b) => /mcp/i.test(b)) ?? bins[0] ?? null;
}
