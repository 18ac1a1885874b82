import { describe, expect, it } from 'vitest';
import { canSee } from './visibility.js';

describe('canSee', () => {
  const mine = { organisationId: 'org-a' };
  const theirs = { organisationId: 'org-b' };
  it('a public server: everyone, with or without a key', () => {
    const server = { public: true, organisationId: 'org-a' };
    expect([canSee(server, mine), canSee(server, theirs), canSee(server, null), canSee(server, undefined)]).toEqual([true, true, true, true]);
  });
  it('a private server: only keys of the organisation that owns it', () => {
    const server = { public: false, organisationId: 'org-a' };
    expect([canSee(server, mine), canSee(server, theirs), canSee(server, null), canSee(server, undefined)]).toEqual([true, false, false, false]);
  });
});
