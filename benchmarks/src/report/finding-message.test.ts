import { describe, expect, it } from 'vitest';
import { fillTemplate, hasPlaceholder, renderFindingMessage, valueAt } from './finding-message.js';

const finding = (data: Record<string, unknown>, tool?: string) => ({ data, fields: ['description', 'name'], ...(tool ? { tool } : {}) });

describe('finding messages from templates', () => {
  it('reads paths into the data: fields, indexes, every item of a list', () => {
    const facts = { hits: [{ excerpt: 'a', path: 'p1' }, { excerpt: 'b', path: 'p2' }], differs: [['x'], []] };
    expect(valueAt(facts, 'hits[0].excerpt')).toBe('a');
    expect(valueAt(facts, 'hits[].path')).toEqual(['p1', 'p2']);
    expect(valueAt(facts, 'differs[][]')).toEqual(['x']);
    expect(valueAt(facts, 'hits[5].excerpt')).toBeUndefined();
    expect(valueAt(facts, 'nothing.here')).toBeUndefined();
  });

  it('joins lists in the language, formats numbers, and leaves a placeholder it cannot fill', () => {
    const facts = { parameters: ['a', 'b'], similarity: 0.876, tools: ['t1', 't2', 't3', 't4', 't5', 't6'] };
    expect(fillTemplate('{parameters}', facts, 'en')).toBe('a, b');
    expect(fillTemplate('{parameters}', facts, 'ja')).toBe('a、b');
    expect(fillTemplate('{parameters|count} / {similarity|fixed2} / {tools|first5}', facts, 'en')).toBe('2 / 0.88 / t1, t2, t3, t4, t5, …');
    expect(fillTemplate('{missing} words', facts, 'en')).toBe('{missing} words');
    expect(hasPlaceholder('{missing} words')).toBe(true);
    expect(hasPlaceholder('a {b c} d')).toBe(false);
  });

  it('picks the first template whose conditions hold, with the finding’s tool and fields', () => {
    const templates = [
      { id: 'c.alias', when: ['kind=alias'], en: '{deprecated} is an alias', ja: '{deprecated} は別名です' },
      { id: 'c.words', when: ['words'], en: '{$tool}: {words}', ja: '{$tool}：{words}' },
      { id: 'c', en: 'plain in {$fields}', ja: '{$fields} にあります' },
    ];
    expect(renderFindingMessage(templates, finding({ kind: 'alias', deprecated: 'old_x' }), 'ja')).toEqual({ id: 'c.alias', text: 'old_x は別名です' });
    expect(renderFindingMessage(templates, finding({ words: ['get', 'data'] }, 'get_data'), 'en')).toEqual({ id: 'c.words', text: 'get_data: get, data' });
    expect(renderFindingMessage(templates, finding({ words: [] }), 'ja')).toEqual({ id: 'c', text: 'description、name にあります' });
    expect(renderFindingMessage(undefined, finding({}), 'en')).toBeNull();
    expect(renderFindingMessage([templates[0]!], finding({ kind: 'synonym' }), 'en')).toBeNull();
  });
});
