import { describe, expect, it } from 'vitest';
import { boardPlaces, competitionRanks } from './ranks.js';
import { categoryPercents, serverScore } from './recompute.js';

describe('ranks and recomputed lint numbers', () => {
  it('shares a competition rank between equal scores and gives none to a null score', () => {
    expect(competitionRanks([50, 80, 80, null, 10])).toEqual([3, 1, 1, null, 4]);
  });

  it('places runs by value, null last, then name', () => {
    expect(boardPlaces([{ value: 0.5, name: 'b', id: '1' }, { value: null, name: 'a', id: '2' }, { value: 0.5, name: 'a', id: '3' }, { value: 0.9, name: 'z', id: '4' }])).toEqual([2, 4, 2, 1]);
  });

  it('computes the server mean to one decimal and categories as points of points possible', () => {
    expect(serverScore([70, 71, 71])).toBe(70.7);
    expect(serverScore([])).toBeNull();
    expect(categoryPercents([{ categories: { purpose: { points: 1, max: 3 }, examples: { points: 0, max: 0 } } }, { categories: { purpose: { points: 2, max: 3 }, examples: { points: 0, max: 0 } } }])).toEqual({ examples: null, purpose: 50 });
  });
});
