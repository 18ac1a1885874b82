import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../../contracts/lint-result.js';
import type { Surface } from '../../contracts/tool.js';
import { parseSurfaceText } from '../../surface/parse.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { rulesV2 } from './index.js';

// One definition of "a parameter that lacks the description a model needs": the parameters category and
// `param_no_description` must agree, so a report never takes points for a parameter it says is fine.

const SETS = ['context7', 'filesystem', 'firecrawl', 'memory', 'notion', 'playwright'] as const;
const load = (name: string): Surface => parseSurfaceText(readFileSync(new URL(`../../../../distractors/${name}/tools.json`, import.meta.url), 'utf8'));
const countTokens = await loadTokenCounter();

/** "k/n parameters described or evident" from the category's notes. */
function describedNote(t: ToolResult): [number, number] | null {
  const note = t.categories.parameters.notes.find((n) => n.includes('parameters described or evident'));
  const m = note?.match(/^(\d+)\/(\d+) /);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

describe('rules v2: the parameters category and param_no_description agree', () => {
  it('gives full description points for a parameter evident without a description (an array whose items are described), and no finding', () => {
    const surface = parseSurfaceText(
      JSON.stringify({
        tools: [
          {
            name: 'create_entities',
            description: 'Create several new entities in the knowledge graph.',
            inputSchema: {
              type: 'object',
              properties: { entities: { type: 'array', items: { type: 'object', properties: { name: { type: 'string', description: 'The name of the entity' } } } } },
              required: ['entities'],
              additionalProperties: false,
            },
          },
        ],
      }),
    );
    const t = rulesV2.lint(surface, { countTokens }).tools[0]!;
    expect(t.findings.map((f) => f.code)).not.toContain('param_no_description');
    expect(describedNote(t)).toEqual([1, 1]);
    expect(t.categories.parameters.points).toBe(25);
  });

  it('counts a pasted tool description as no description in both', () => {
    const description = 'Create a new issue in the project with a summary and a body.';
    const surface = parseSurfaceText(
      JSON.stringify({ tools: [{ name: 'add_issue', description, inputSchema: { type: 'object', properties: { body: { type: 'string', description } }, required: ['body'] } }] }),
    );
    const t = rulesV2.lint(surface, { countTokens }).tools[0]!;
    expect(t.findings.find((f) => f.code === 'param_no_description')?.data.pasted).toEqual(['body']);
    expect(describedNote(t)).toEqual([0, 1]);
  });

  it('on every tool of the six distractor sets: described-or-evident = parameters − those the finding lists', () => {
    let checked = 0;
    for (const name of SETS) {
      for (const t of rulesV2.lint(load(name), { countTokens }).tools) {
        const note = describedNote(t);
        if (note === null) continue; // no parameters, or properties unreadable
        const listed = (t.findings.find((f) => f.code === 'param_no_description')?.data.parameters as string[] | undefined) ?? [];
        expect(note[0], `${name} ${t.name}`).toBe(note[1] - listed.length);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(80);
  });
});
