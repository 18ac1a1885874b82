import { describe, expect, it } from 'vitest';
import { invisibleCharacters } from './invisible-characters.js';
import { invisibleCharacters as invisibleCharactersV2 } from '../../v2/findings/invisible-characters.js';

// v4's invisible_characters: v2's rule, less a ZWNJ/ZWJ between two letters of a script whose spelling uses it.
describe('rules v4 invisible_characters', () => {
  it('allows a zero-width non-joiner inside a Persian word (v2 flags it)', () => {
    const text = 'هنگام جستجو حروف بزرگ و کوچک را نادیده می\u200cگیرد.';
    expect(invisibleCharactersV2(text)).toEqual(['U+200C']);
    expect(invisibleCharacters(text)).toEqual([]);
  });

  it('allows a ZWJ inside a Devanagari word', () => {
    expect(invisibleCharacters('र\u200d्य')).toEqual([]);
  });

  it('still flags a joiner between Latin letters, a doubled joiner, one at a word edge, and other invisible characters', () => {
    expect(invisibleCharacters('ig\u200cnore')).toEqual(['U+200C']);
    expect(invisibleCharacters('می\u200c\u200cگیرد')).toEqual(['U+200C']);
    expect(invisibleCharacters('می\u200c گیرد')).toEqual(['U+200C']);
    expect(invisibleCharacters('می\u200cگیرد and i\u200bgnore')).toEqual(['U+200B']);
    expect(invisibleCharacters('می\u200cگیرد \u202eevil')).toEqual(['U+202E']);
  });

  it('keeps v2 reading for a ZWJ between emoji', () => {
    expect(invisibleCharacters('👨\u200d👩\u200d👧')).toEqual([]);
  });
});
