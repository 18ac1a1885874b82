// Every public page says what it means in words (issue 29): no raw metric identifier (`selectionAcc`) and no
// bare hash (a comparability key, a case set's sha256) in the text a visitor sees, unless it is folded away
// in a <details> element (a fingerprint for those who open it). On a phone, the leaderboard's first screen
// shows a ranked row. Then screenshots of the main pages at 390 and 1280 px, in English and Japanese, for a
// person to look at (E2E_SHOTS_DIR, else test-results/screenshots).
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { signIn } from './session';

const shotsDir = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';
const shotsTag = process.env.E2E_SHOTS_TAG ?? 'plain';
mkdirSync(shotsDir, { recursive: true });

/** The contract's metric identifiers: fine in the API and its reference, never as a page's words. */
const METRIC_ID = /\b(selectionAcc|argValidity|falseCallRate|passAtK|passHatK)\b/;
/** A hash as text: a sha256: prefix, or a run of 16 or more hex digits with a letter and a digit in it. */
const BARE_HASH = /sha256:|\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{16,}\b/;

/** The text a visitor sees: visible text nodes, less what sits inside a <details> (its <summary> is seen). */
async function shownText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!el || !text || el.closest('script, style, noscript, template')) continue;
      const folded = el.closest('details');
      if (folded && !el.closest('summary')) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      out.push(text);
    }
    return out;
  });
}

/** The id of a seeded server by its exact name. */
async function serverId(page: Page, name: string): Promise<string> {
  const list = (await (await page.request.get(`/v1/servers?q=${encodeURIComponent(name)}`)).json()) as { items: { id: string; name: string }[] };
  const found = list.items.find((s) => s.name === name);
  if (!found) throw new Error(`no seeded server named ${name}`);
  return found.id;
}

/** The public pages to read, with one seeded evaluation (the baseline's, made at start). */
async function publicPages(page: Page): Promise<string[]> {
  const many = await serverId(page, 'firecrawl-mcp');
  const evaluations = (await (await page.request.get(`/v1/servers/${many}/evaluations`)).json()) as { items: { id: string }[] };
  const ev = evaluations.items[0]?.id;
  if (!ev) throw new Error('the seed made no evaluation of firecrawl-mcp');
  const paths = ['/', '/models', '/models/lexical/baseline', `/servers/${many}`, `/servers/${process.env.E2E_TWO_ID}`, `/evaluations/${ev}`, '/findings', '/datasets', '/methodology', '/docs/quick-start', '/docs/scoring', '/docs/changelog'];
  return [...paths, ...paths.map((p) => `/ja${p === '/' ? '' : p}`)];
}

test('no public page shows a raw metric identifier or a bare hash outside a details element', async ({ page }) => {
  test.setTimeout(300_000);
  const found: string[] = [];
  for (const path of await publicPages(page)) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBeLessThan(400);
    for (const text of await shownText(page)) {
      if (METRIC_ID.test(text)) found.push(`${path}: metric id in "${text.slice(0, 120)}"`);
      if (BARE_HASH.test(text)) found.push(`${path}: hash in "${text.slice(0, 120)}"`);
    }
  }
  expect(found).toEqual([]);
});

test('the check itself: a metric id or a hash in plain text is found, folded in a details element it is not', async ({ page }) => {
  await page.setContent('<main><p>selectionAcc 80 %</p><p>key v2@sha256:0123456789abcdef0123456789abcdef</p><details><summary>fingerprint</summary><code>sha256:0123456789abcdef0123456789abcdef</code> falseCallRate</details><p>Selection accuracy 80 %, run 2024</p></main>');
  const shown = await shownText(page);
  expect(shown.filter((t) => METRIC_ID.test(t))).toEqual(['selectionAcc 80 %']);
  expect(shown.filter((t) => BARE_HASH.test(t))).toEqual(['key v2@sha256:0123456789abcdef0123456789abcdef']);
  expect(shown).toContain('fingerprint');
});

test.describe('phone first screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const path of ['/', '/ja']) {
    test(`the leaderboard's first screen at 390 × 844 shows a whole ranked row (${path})`, async ({ page }) => {
      await page.goto(path);
      const row = page.locator('table.board tbody tr').first();
      await expect(row).toBeVisible();
      const box = (await row.boundingBox())!;
      expect(box.y, 'the first row starts on the first screen').toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, 'the first row ends on the first screen').toBeLessThanOrEqual(844);
      // Its rank, name and score are in it (a card, not an empty frame).
      await expect(row.locator('.rank-cell')).toHaveText(/^\d+$/);
      await expect(row.locator('.server-cell > a')).not.toBeEmpty();
      await expect(row.locator('.score-cell strong')).toHaveText(/^\d+(\.\d)?$/);
    });
  }
});

test('screenshots at 390 and 1280 px in English and Japanese: leaderboard, server, models, evaluation, account, API reference', async ({ page }) => {
  test.setTimeout(180_000);
  const many = await serverId(page, 'firecrawl-mcp');
  const ev = ((await (await page.request.get(`/v1/servers/${many}/evaluations`)).json()) as { items: { id: string }[] }).items[0]!.id;
  await signIn(page);
  const pages: [string, string][] = [
    ['leaderboard', '/'],
    ['server', `/servers/${many}`],
    ['models', '/models'],
    ['model', '/models/lexical/baseline'],
    ['evaluation', `/evaluations/${ev}`],
    ['account', '/account'],
    ['api', '/docs/api'],
  ];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const lang of ['en', 'ja'] as const) {
      for (const [name, path] of pages) {
        const res = await page.goto(lang === 'ja' ? `/ja${path === '/' ? '' : path}` : path);
        expect(res?.status(), path).toBeLessThan(400);
        await page.screenshot({ path: `${shotsDir}/${name}-${width}-${lang}-${shotsTag}.png`, fullPage: name !== 'leaderboard' && name !== 'api' });
      }
    }
  }
});
