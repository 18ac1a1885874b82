import { describe, expect, it } from 'vitest';
import { colorEnabled } from './io.js';

describe('colorEnabled', () => {
  it('colours a terminal, not a pipe', () => {
    expect(colorEnabled({}, true)).toBe(true);
    expect(colorEnabled({}, false)).toBe(false);
  });

  it('turns colour off with a non-empty NO_COLOR or a dumb terminal', () => {
    expect(colorEnabled({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled({ NO_COLOR: '' }, true)).toBe(true);
    expect(colorEnabled({ TERM: 'dumb' }, true)).toBe(false);
  });

  it('lets FORCE_COLOR force colour on, or off with 0/false, over everything else', () => {
    expect(colorEnabled({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '' }, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: 'false' }, true)).toBe(false);
  });
});
