import { describe, expect, it } from 'vitest';
import { infoTexts, type InfoInput } from './info-text.js';

// v4's text reading, T5 (CHANGELOG.md): a clause after the lead is about the tool only when anchored in the
// surface; CJK is cut into words; run-on filler is cut from the lead; table cells are layout.

const logs: InfoInput = {
  name: 'kubectl_logs',
  own: 'Get logs from Kubernetes resources like pods.',
  params: ['name', 'container', 'tail'],
  schemas: [{ type: 'object', properties: { container: { type: 'string', description: 'Container name (required when pod has multiple containers)' }, resourceType: { enum: ['pod', 'deployment'] } } }],
};
const scale: InfoInput = { name: 'kubectl_scale', own: 'Scale a Kubernetes deployment.', params: ['replicas'], schemas: [{ type: 'object', properties: { replicas: { type: 'number' } } }] };

const read = (own: string, tool: InfoInput = logs): ReturnType<typeof infoTexts>[number] => infoTexts([{ ...tool, own }, scale])[0]!;
const why = (own: string, clause: string, tool?: InfoInput) => read(own, tool).dropped.find((d) => d.text.startsWith(clause))?.why;

describe('v4 info text: anchored in the surface (T5)', () => {
  it('drops filler that shares nothing with the surface, in words no list holds', () => {
    expect(why(`${logs.own} Designed to streamline your workflow.`, 'Designed')).toBe('content-free');
    expect(why(`${logs.own} Yields the outcome of the invocation.`, 'Yields')).toBe('content-free');
    expect(why(`${logs.own} Trusted by thousands of teams worldwide.`, 'Trusted')).toBe('content-free');
  });

  it('keeps prose about the tool: a schema word, an enum value, a word of the lead, a sibling named', () => {
    for (const s of ['A pod with several containers needs one named.', 'Deployments print their first pod only.', 'Use kubectl_scale to add replicas.']) {
      const t = read(`${logs.own} ${s}`);
      expect(t.dropped.map((d) => d.text), s).toEqual([]);
      expect(t.cue).toContain(s);
    }
  });

  it('cuts filler run on without a stop from the lead clause', () => {
    expect(why('Get logs from Kubernetes resources Outputs the outcome of the run', 'Outputs')).toBe('content-free');
    expect(why('Get logs from Kubernetes resources いつでもご利用ください', 'いつでも')).toBe('content-free');
  });

  it('reads Japanese and Chinese word by word: filler drops, a sentence on the schema stays', () => {
    expect(why(`${logs.own} このツールを使うと作業がはかどります。`, 'この')).toBe('content-free');
    expect(why(`${logs.own} 适用于各种场景。`, '适用')).toBe('content-free');
    const ja: InfoInput = { ...logs, schemas: [{ type: 'object', properties: { container: { description: 'コンテナ名' } } }] };
    expect(read(`${logs.own} 複数のコンテナがある場合は指定します。`, ja).dropped).toEqual([]);
  });

  it('a clause spelling out the whole name is not anchored by it; one name word is', () => {
    expect(why(`${logs.own} The kubectl logs feature: call kubectl_logs for kubectl logs.`, 'The kubectl')).toBe('name-only');
    expect(why(`${logs.own} Logs can be very long.`, 'Logs')).toBeUndefined();
  });

  it('does not quote table cells or headings as clauses that say nothing (drawio)', () => {
    const t = read(`${logs.own}\n## General principles\n| Values | Use for |\n|---|---|\n| 0 or 1 | pods |`);
    expect(t.dropped.map((d) => d.text)).toEqual([]);
  });
});
