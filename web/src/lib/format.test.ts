// safeBack: where sign-in (`next`) and the language switch (`back`) may send a visitor. The site routes
// that use it are tested over HTTP in server/test/api/site-redirects.test.ts.
import { describe, expect, it } from 'vitest';
import { groupMarks, nameParts, safeBack } from './format';

describe('safeBack', () => {
  it('keeps paths of this site, normalised to a valid header value', () => {
    expect(safeBack('/')).toBe('/');
    expect(safeBack('/servers/abc?sort=name&order=asc#tools')).toBe('/servers/abc?sort=name&order=asc#tools');
    expect(safeBack('/docs/../findings')).toBe('/findings');
    expect(safeBack('/?q=日本')).toBe('/?q=%E6%97%A5%E6%9C%AC');
    expect(safeBack('/a\\b')).toBe('/a/b');
  });

  it('sends everything else to /: other hosts, schemes, control characters anywhere', () => {
    const refused = [
      undefined, null, 42, '', 'servers', ' /servers', 'https://evil.example/', 'javascript:alert(1)', '//evil.example', '/\\evil.example',
      // Browsers drop TAB, CR and LF anywhere in a URL: "/\t/evil" is "//evil".
      '/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '\t//evil.example', '/\t\\evil.example',
      '/\r\nSet-Cookie: x=1', '/a\u0000', '/a\u0008', '/a\u001b[31m', '/a\u007f', '/a\u0085', '/a\u009b', '/a b',
      `/${'a'.repeat(2000)}`,
    ];
    for (const back of refused) expect(safeBack(back), JSON.stringify(back)).toBe('/');
  });
});

describe('rates of the evaluation pages', () => {
  it('shows value, counts and interval, and "—" when nothing counts', async () => {
    const { deltaPoints, rateCounts, rateInterval, ratePct } = await import('./format');
    const r = { numerator: 41, denominator: 48, value: 41 / 48, ci95: [0.7226, 0.9272] as [number, number] };
    expect([ratePct(r), rateCounts(r), rateInterval(r)]).toEqual(['85.4 %', '41 / 48', '72.3–92.7 %']);
    const none = { numerator: 0, denominator: 0, value: null, ci95: null };
    expect([ratePct(none), rateCounts(none), rateInterval(none)]).toEqual(['—', '0 / 0', '—']);
    expect([deltaPoints(0.0421), deltaPoints(-0.01), deltaPoints(0), deltaPoints(null)]).toEqual(['+4.2 pt', '−1.0 pt', '±0.0 pt', '—']);
  });
});

describe('nameParts', () => {
  it('cuts a tool name after each separator, and the parts join back to the name', () => {
    expect(nameParts('search_repositories_by_owner')).toEqual(['search_', 'repositories_', 'by_', 'owner']);
    expect(nameParts('git-log.read/all:x')).toEqual(['git-', 'log.', 'read/', 'all:', 'x']);
    expect(nameParts('read')).toEqual(['read']);
    expect(nameParts('trailing_')).toEqual(['trailing_']);
    expect(nameParts('a__b')).toEqual(['a_', '_', 'b']);
    for (const name of ['x<U+200B>_y', '日本語_ツール', '']) expect(nameParts(name).join('')).toBe(name);
  });
});

describe('groupMarks', () => {
  it("gives each row its group's size and marks the row that opens it; unranked rows have none", () => {
    expect(groupMarks([{ group: 1 }, { group: 2 }, { group: 2 }, { group: 2 }, { group: 3 }, { group: null }])).toEqual([
      { size: 1, first: true },
      { size: 3, first: true },
      { size: 3, first: false },
      { size: 3, first: false },
      { size: 1, first: true },
      { size: 0, first: false },
    ]);
    expect(groupMarks([])).toEqual([]);
  });
});
