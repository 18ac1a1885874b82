import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from './redact.js';

describe('Redactor', () => {
  it('replaces a secret and its long parts wherever they appear', () => {
    const r = new Redactor();
    r.add('Bearer abcdefgh12345678');
    expect(r.redact('header was Bearer abcdefgh12345678, token abcdefgh12345678')).toBe(`header was ${REDACTED}, token ${REDACTED}`);
  });

  it('leaves short common words alone and ignores empty secrets', () => {
    const r = new Redactor();
    r.add('Bearer abcdefgh12345678');
    r.add('');
    r.add(undefined);
    expect(r.redact('Bearer scheme required')).toBe('Bearer scheme required');
  });

  it('redacts several secrets', () => {
    const r = new Redactor();
    r.add('first-secret-1');
    r.add('second-secret-2');
    expect(r.redact('first-secret-1 and second-secret-2')).toBe(`${REDACTED} and ${REDACTED}`);
  });
});
