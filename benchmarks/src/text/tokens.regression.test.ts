import { describe, expect, it } from 'vitest';
import { LintResultSchema } from '../contracts/lint-result.js';
import { parseSurfaceValue } from '../surface/parse.js';
import { rulesV1 } from '../rules/v1/index.js';
import { loadTokenCounter } from './tokens.js';

// Regression: special-token markers (<|endoftext|>, <|im_start|>) in a surface are ordinary text. The
// tokenizer used to refuse them ("disallowed special token"), which crashed the whole lint.

describe('token counting on special-token text', () => {
  it('counts the markers as ordinary text (several tokens each, never a throw)', async () => {
    const counter = await loadTokenCounter();
    expect(() => counter.count('<|endoftext|>')).not.toThrow();
    expect(() => counter.count('<|im_start|>')).not.toThrow();
    // As a special token each would be one token; as text they are split into several.
    expect(counter.count('<|endoftext|>')).toBeGreaterThan(1);
    expect(counter.count('<|im_start|>')).toBeGreaterThan(1);
  });

  it('lints a description "Reads <|endoftext|> stuff" and a schema string "<|im_start|>"', async () => {
    const counter = await loadTokenCounter();
    const surface = parseSurfaceValue({
      tools: [
        { name: 'read_stuff', description: 'Reads <|endoftext|> stuff', inputSchema: { type: 'object' } },
        {
          name: 'start_chat',
          description: 'Starts a chat.',
          inputSchema: { type: 'object', properties: { marker: { type: 'string', description: '<|im_start|>', default: '<|im_start|>' } } },
        },
      ],
    });
    const result = rulesV1.lint(surface, { countTokens: counter });
    expect(LintResultSchema.safeParse(result).success).toBe(true);
    const byName = new Map(result.tools.map((t) => [t.name, t]));
    expect(byName.get('read_stuff')!.tokens).toBeGreaterThan(0);
    expect(byName.get('start_chat')!.tokens).toBeGreaterThan(0);
    // The marker is counted as text: the tool costs more than the same tool with the marker removed.
    const plain = rulesV1.lint(
      parseSurfaceValue({ tools: [{ name: 'read_stuff', description: 'Reads  stuff', inputSchema: { type: 'object' } }] }),
      { countTokens: counter },
    );
    expect(byName.get('read_stuff')!.tokens).toBeGreaterThan(plain.tools[0]!.tokens + 1);
    expect(result.tokens.total).toBe(result.tools.reduce((sum, t) => sum + t.tokens, 0));
  });
});
