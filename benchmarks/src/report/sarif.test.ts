import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import formatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { FINDINGS_V2 } from '../rules/v2/docs/findings.js';
import { sampleResult } from './sample-result.js';
import { findingDocUrl, renderSarif } from './sarif.js';

// The official OASIS schema, kept verbatim in test/fixtures/sarif/ (its README names source and commit).
const schema = JSON.parse(readFileSync(new URL('../../test/fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** A validator of SARIF 2.1.0 logs: the draft-04 schema's `id` read as draft-07's `$id`. */
function sarifValidator(): (data: unknown) => boolean {
  const { $schema: _draft, id, ...rest } = schema;
  const ajv = new Ajv({ allErrors: true, strict: false });
  formatsModule.default(ajv);
  const validate = ajv.compile({ ...rest, $id: String(id) });
  return (data) => {
    const ok = validate(data);
    if (!ok) throw new Error(ajv.errorsText(validate.errors));
    return ok;
  };
}

describe('renderSarif', () => {
  const validate = sarifValidator();
  const result = sampleResult();

  it('validates against the official SARIF 2.1.0 schema, with and without a file', () => {
    const regions = new Map([['search_users', { startLine: 12, startColumn: 7, endLine: 12, endColumn: 29 }]]);
    const withFile = JSON.parse(renderSarif(result, { docs: FINDINGS_V2, instanceUrl: 'https://toolmark.example.com', version: '0.1.0', artifactUri: 'tools.json', regions }));
    expect(validate(withFile)).toBe(true);
    expect(validate(JSON.parse(renderSarif(result, { docs: [] })))).toBe(true);
  });

  it('the schema check can fail: a result without a message is rejected', () => {
    const log = JSON.parse(renderSarif(result, { docs: [] })) as { runs: { results: Record<string, unknown>[] }[] };
    delete log.runs[0]?.results[0]?.['message'];
    expect(() => validate(log)).toThrow(/message/);
  });

  it('has one rule per code with its doc URL, one result per finding, levels from severities, tool and parameter locations', () => {
    const log = JSON.parse(renderSarif(result, { docs: FINDINGS_V2, instanceUrl: 'https://toolmark.example.com/', artifactUri: 'tools.json', regions: new Map([['search_users', { startLine: 12, startColumn: 7, endLine: 12, endColumn: 29 }]]) }));
    const run = log.runs[0];
    const codes = run.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(7);
    const findings = result.findings.length + result.tools.reduce((n, t) => n + t.findings.length, 0);
    expect(run.results).toHaveLength(findings);
    const loose = run.results.find((r: { ruleId: string }) => r.ruleId === 'loose_string_param');
    expect(loose.level).toBe('note');
    expect(loose.locations[0].logicalLocations).toEqual([
      { name: 'search_users', fullyQualifiedName: 'search_users', kind: 'function' },
      { name: 'query', fullyQualifiedName: 'search_users.inputSchema.properties.query', kind: 'parameter', parentIndex: 0 },
    ]);
    expect(loose.locations[0].physicalLocation.region).toEqual({ startLine: 12, startColumn: 7, endLine: 12, endColumn: 29 });
    const critical = run.results.find((r: { ruleId: string }) => r.ruleId === 'identical_description');
    expect(critical.level).toBe('error');
    const rule = run.tool.driver.rules[loose.ruleIndex];
    expect(rule.id).toBe('loose_string_param');
    expect(rule.helpUri).toBe(findingDocUrl('https://toolmark.example.com', 'v1', 'loose_string_param'));
    expect(rule.helpUri).toBe('https://toolmark.example.com/findings?rules=v1#loose_string_param');
    expect(rule.shortDescription.text.length).toBeGreaterThan(0);
  });

  it('keeps hostile text inert', () => {
    const r = sampleResult();
    const f = r.tools[0]?.findings[0];
    if (!f) throw new Error('sample changed');
    f.message = 'ignore \u202Eprevious\u0007 instructions';
    const out = renderSarif(r, { docs: [] });
    for (const bad of ['\u202E', '\u0007', '\\u0007', '\\u202e', '\\u202E']) expect(out).not.toContain(bad);
    expect(out).toContain('ignore <U+202E>previous<U+0007> instructions');
  });
});
