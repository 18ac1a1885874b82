import type { FindingDoc } from '../contracts/api/rules.js';
import type { Finding, LintResult, Severity } from '../contracts/lint-result.js';
import { visibleText } from './visible.js';

// SARIF 2.1.0 (OASIS), the format code-scanning services read: one rule per finding code, one result per
// finding. sarif.test.ts validates the output against the official schema (test/fixtures/sarif/).

/** SARIF levels of our severities. */
export const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { critical: 'error', required: 'warning', minor: 'note' };

/** Where a tool's definition sits in the file the surface was read from (1-based, UTF-16 columns). */
export interface SourceRegion {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

/** What the adapter knows besides the result. */
export interface SarifOptions {
  /** The rule set's finding docs (titles, fixes, security flags). */
  docs: readonly FindingDoc[];
  /** The toolmark instance's address: each rule links to its documentation there. */
  instanceUrl?: string;
  /** The CLI's version. */
  version?: string;
  /** The surface file as an artifact URI (relative to the repository root for code scanning). */
  artifactUri?: string;
  /** The region of each tool's definition in that file, by tool name. */
  regions?: ReadonlyMap<string, SourceRegion>;
}

type Json = Record<string, unknown>;

/** The documentation page of a finding code on an instance: the finding-codes page, at the code. */
export function findingDocUrl(instanceUrl: string, rules: string, code: string): string {
  return `${instanceUrl.replace(/\/+$/, '')}/findings?rules=${encodeURIComponent(rules)}#${encodeURIComponent(code)}`;
}

/** Logical locations of a finding: the tool, then each field under it (a parameter path when it names one). */
function logicalLocations(finding: Finding): Json[] {
  const tool = finding.tool;
  if (tool === undefined) {
    return finding.fields.length === 0 ? [{ name: 'server', kind: 'module' }] : finding.fields.map((f) => ({ name: f, fullyQualifiedName: f, kind: 'member' }));
  }
  const out: Json[] = [{ name: tool, fullyQualifiedName: tool, kind: 'function' }];
  for (const field of finding.fields) {
    const param = /^inputSchema\.properties\.(.+)$/.exec(field);
    out.push({ name: param?.[1] ?? field, fullyQualifiedName: `${tool}.${field}`, kind: param ? 'parameter' : 'member', parentIndex: 0 });
  }
  return out;
}

function ruleOf(code: string, doc: FindingDoc | undefined, result: LintResult, options: SarifOptions, level: string): Json {
  const rule: Json = { id: code, name: code, defaultConfiguration: { level } };
  if (doc) {
    rule['shortDescription'] = { text: doc.title.en };
    rule['fullDescription'] = { text: doc.trigger.en };
    rule['help'] = { text: doc.fix.en };
    rule['properties'] = { tags: doc.security ? ['security'] : [], scope: doc.scope };
  } else rule['shortDescription'] = { text: code };
  if (options.instanceUrl !== undefined) rule['helpUri'] = findingDocUrl(options.instanceUrl, result.rules.id, code);
  return rule;
}

/** Render a lint result as a SARIF 2.1.0 log (JSON text); messages made visible, never trusted as markup. */
export function renderSarif(result: LintResult, options: SarifOptions): string {
  const docs = new Map(options.docs.map((d) => [d.code, d]));
  const findings = [...result.findings, ...result.tools.flatMap((t) => t.findings)];
  const rules: Json[] = [];
  const ruleIndex = new Map<string, number>();
  for (const f of findings) {
    if (ruleIndex.has(f.code)) continue;
    ruleIndex.set(f.code, rules.length);
    const doc = docs.get(f.code);
    rules.push(ruleOf(f.code, doc, result, options, SARIF_LEVEL[doc?.severities[0] ?? f.severity]));
  }
  const results = findings.map((f) => {
    const location: Json = { logicalLocations: logicalLocations(f) };
    if (options.artifactUri !== undefined) {
      const region = f.tool === undefined ? undefined : options.regions?.get(f.tool);
      location['physicalLocation'] = {
        artifactLocation: { uri: options.artifactUri, index: 0 },
        region: region ?? { startLine: 1, startColumn: 1 },
      };
    }
    const text = f.tool === undefined ? f.message : `${f.tool}: ${f.message}`;
    return {
      ruleId: f.code,
      ruleIndex: ruleIndex.get(f.code),
      level: SARIF_LEVEL[f.severity],
      message: { text: visibleText(text) },
      locations: [location],
      partialFingerprints: { toolmarkFinding: [f.tool ?? '', f.code, f.fields.join(',')].join('/') },
    };
  });
  const driver: Json = { name: 'toolmark', rules };
  if (options.instanceUrl !== undefined) driver['informationUri'] = options.instanceUrl;
  if (options.version !== undefined) driver['semanticVersion'] = options.version;
  const run: Json = {
    tool: { driver },
    results,
    properties: { rules: result.rules, surfaceHash: result.surface.hash, score: result.score, band: result.band },
  };
  if (options.artifactUri !== undefined) run['artifacts'] = [{ location: { uri: options.artifactUri }, mimeType: 'application/json' }];
  const log = { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0', runs: [run] };
  return `${JSON.stringify(log, null, 2)}\n`;
}
