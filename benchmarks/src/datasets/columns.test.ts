import { describe, expect, it } from 'vitest';
import { csvCell, parquetValue, rowValue, typeName, type ColumnType } from './columns.js';

const CALL: ColumnType = { struct: [['name', 'string'], ['arguments', 'json', 'optional'], ['parseError', 'string']] };

describe('columns', () => {
  it('a value round-trips through its Parquet form: ints, timestamps, lists, maps, JSON text', () => {
    const cases: [ColumnType, unknown][] = [
      ['int', 42],
      ['timestamp', '2026-12-01T00:00:00.000Z'],
      [{ list: 'string' }, ['a', '', 'b']],
      [{ map: 'double' }, { purpose: 50, usage: null }],
      ['json', { type: 'object', properties: {} }],
      ['json', 'just a string'],
      [{ list: CALL }, [{ name: 'x', arguments: { q: 1 }, parseError: null }, { name: 'y', parseError: 'bad JSON' }]],
    ];
    for (const [t, v] of cases) expect(rowValue(t, parquetValue(t, v), 'parquet'), typeName(t)).toEqual(v);
  });

  it('an optional field: absent stays absent, JSON null stays null', () => {
    expect(parquetValue(CALL, { name: 'x', parseError: null })).toEqual({ name: 'x', arguments: null, parseError: null });
    expect(rowValue(CALL, { name: 'x', arguments: null, parseError: null }, 'parquet')).toEqual({ name: 'x', parseError: null });
    expect(rowValue(CALL, parquetValue(CALL, { name: 'x', arguments: null, parseError: null }), 'parquet')).toEqual({ name: 'x', arguments: null, parseError: null });
  });

  it('CSV: nested values as JSON text, null kept apart from an empty string', () => {
    expect(csvCell({ list: 'string' }, ['a'])).toBe('["a"]');
    expect(csvCell('string', '')).toBe('');
    expect(csvCell('string', null)).toBeNull();
    expect(rowValue('string', '', 'csv')).toBe('');
    expect(rowValue({ list: 'string' }, '["a"]', 'csv')).toEqual(['a']);
    expect(rowValue('timestamp', new Date('2026-12-01T00:00:00Z'), 'parquet')).toBe('2026-12-01T00:00:00.000Z');
  });

  it('names types as the card writes them', () => {
    expect(typeName({ list: CALL })).toBe('list<struct<name: string, arguments?: json, parseError: string>>');
    expect(typeName({ map: 'double' })).toBe('map<string, double>');
  });
});
