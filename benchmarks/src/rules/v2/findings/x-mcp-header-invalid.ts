import type { Finding } from '../../../contracts/lint-result.js';
import { canonicalJsonOnce } from '../../../surface/canonical.js';
import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 9110 token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const ALLOWED_TYPES = new Set(['string', 'integer', 'boolean']);

interface Problem {
  path: string;
  reason: string;
}

/**
 * `x_mcp_header_invalid` (critical): an `x-mcp-header` extension that conforming Streamable HTTP clients
 * reject, dropping the whole tool. Valid: a non-empty RFC 9110 token, unique case-insensitively within the
 * tool, on a property typed string, integer or boolean (one type, no union), reached only through
 * `properties` from the root.
 */
export const xMcpHeaderInvalid: ToolRule<ToolFacts, ToolContext> = {
  code: 'x_mcp_header_invalid',
  check: (t) => {
    // The schema's canonical text is already computed (hash, tokens): no header, nothing to walk.
    if (!canonicalJsonOnce(t.tool.inputSchema).includes('"x-mcp-header"')) return [];
    const problems: Problem[] = [];
    const seen = new Map<string, string>();
    // No budget: the parser bounds size and depth. Keys are visited in sorted order, so which duplicate
    // header counts as the first does not depend on key order.
    const walk = (node: unknown, path: string, viaProperties: boolean): void => {
      if (Array.isArray(node)) {
        node.forEach((v, i) => walk(v, `${path}[${i}]`, false));
        return;
      }
      if (!isObject(node)) return;
      if ('x-mcp-header' in node) {
        const value = node['x-mcp-header'];
        const where = `${path}.x-mcp-header`;
        if (!viaProperties) problems.push({ path: where, reason: 'not on a property reached only through "properties"' });
        if (typeof value !== 'string' || value === '') problems.push({ path: where, reason: 'value must be a non-empty string' });
        else if (!TOKEN.test(value)) problems.push({ path: where, reason: `"${value}" is not an RFC 9110 token` });
        else {
          const key = value.toLowerCase();
          const first = seen.get(key);
          if (first !== undefined) problems.push({ path: where, reason: `"${value}" repeats the header of ${first} (case-insensitive)` });
          else seen.set(key, where);
        }
        if (typeof node.type !== 'string' || !ALLOWED_TYPES.has(node.type)) {
          problems.push({ path: where, reason: 'property must have one type: string, integer or boolean' });
        }
      }
      for (const key of Object.keys(node).sort()) {
        const child = node[key];
        if (key === 'x-mcp-header') continue;
        if (key === 'properties' && isObject(child)) {
          for (const prop of Object.keys(child).sort()) walk(child[prop], `${path}.properties.${prop}`, viaProperties);
        } else walk(child, `${path}.${key}`, false);
      }
    };
    walk(t.tool.inputSchema, 'inputSchema', true);
    if (problems.length === 0) return [];
    const out: Finding[] = [
      finding(
        'x_mcp_header_invalid',
        'critical',
        `invalid x-mcp-header (${problems.map((p) => `${p.path}: ${p.reason}`).join('; ')}); conforming clients drop this tool`,
        { tool: t.name, fields: [...new Set(problems.map((p) => p.path))], data: { problems } },
      ),
    ];
    return out;
  },
};
