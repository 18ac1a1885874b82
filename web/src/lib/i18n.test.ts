// Languages in URLs: /ja/… is the Japanese of a page; every link a page makes keeps its language.
import { describe, expect, it } from 'vitest';
import { langInPath, localPath, withoutLang } from './i18n';

describe('language in the path', () => {
  it('names Japanese by the /ja prefix only', () => {
    expect(langInPath('/ja')).toBe('ja');
    expect(langInPath('/ja/servers/notes')).toBe('ja');
    expect(langInPath('/')).toBeNull();
    expect(langInPath('/jazz')).toBeNull();
    expect(langInPath('/servers/ja')).toBeNull();
  });

  it('strips the prefix, keeping query and fragment', () => {
    expect(withoutLang('/ja')).toBe('/');
    expect(withoutLang('/ja?rules=v2')).toBe('/?rules=v2');
    expect(withoutLang('/ja/findings#too_short')).toBe('/findings#too_short');
    expect(withoutLang('/jazz')).toBe('/jazz');
    expect(withoutLang('/servers/x')).toBe('/servers/x');
    expect(withoutLang('/ja//evil.example/x')).toBe('/evil.example/x');
    expect(localPath('en', '/ja///evil.example')).toBe('/evil.example');
  });

  it('makes a path of the page’s language, never twice', () => {
    expect(localPath('ja', '/')).toBe('/ja');
    expect(localPath('ja', '/?sort=purpose')).toBe('/ja?sort=purpose');
    expect(localPath('ja', '/servers/notes?rules=v2')).toBe('/ja/servers/notes?rules=v2');
    expect(localPath('ja', '/ja/findings')).toBe('/ja/findings');
    expect(localPath('en', '/ja/findings#x')).toBe('/findings#x');
    expect(localPath('en', '/docs')).toBe('/docs');
  });
});
