import { describe, expect, it } from 'vitest';
import { TurnRequestSchema } from '../contracts/provider.js';
import { DEFAULT_SYSTEM, renderTurnRequest, toShownTool } from './render.js';

describe('renderTurnRequest', () => {
  it('renders system, utterance, tools in the given order and settings with defaults', () => {
    const tools = [toShownTool({ name: 'b', inputSchema: { type: 'object' } }), toShownTool({ name: 'a', description: 'A', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } })];
    const req = renderTurnRequest({ model: 'm', utterance: 'hi', tools, settings: { temperature: 0 } });
    expect(TurnRequestSchema.parse(req)).toEqual(req);
    expect(req.system).toBe(DEFAULT_SYSTEM);
    expect(req.tools.map((t) => t.name)).toEqual(['b', 'a']);
    expect(req.tools[0]!.description).toBe('');
    expect(req.tools[1]).toEqual({ name: 'a', description: 'A', inputSchema: { type: 'object' } });
    expect(req.settings).toEqual({ temperature: 0, maxOutputTokens: 1024, toolChoice: 'auto' });
  });

  it('keeps an operator system text and refuses invalid settings', () => {
    expect(renderTurnRequest({ model: 'm', utterance: 'u', tools: [], settings: {}, system: 'S' }).system).toBe('S');
    expect(() => renderTurnRequest({ model: 'm', utterance: 'u', tools: [], settings: { temperature: 5 } })).toThrow();
  });
});
