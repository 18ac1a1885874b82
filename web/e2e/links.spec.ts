// Shareable links and Japanese throughout: a server's page at /servers/<slug> (its id redirects there), the
// rules named by id in links, the language in the URL (/ja/…) so a shared Japanese link opens in Japanese
// and keeps it page to page, finding messages in Japanese from their templates, the leaderboard's category
// bars, sorts and shared ranks, and the API reference with the README's curl examples.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const shotsDir = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';
const shotsTag = process.env.E2E_SHOTS_TAG ?? 'links';
mkdirSync(shotsDir, { recursive: true });

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** Hrefs of the page's links to this site (not the API, the CLI or fragments). */
async function siteLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.filter((h) => !h.startsWith('/v1/') && !h.startsWith('/cli/'));
}

test('a server page lives at /servers/<slug>: its id redirects there with the query, and the board links by slug and rules id', async ({ page }) => {
  const id = process.env.E2E_TWO_ID!;
  const res = await page.goto(`/servers/${id}?rules=v1&tsort=name`);
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/servers\/two-versions-demo\?rules=v1&tsort=name$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two versions demo');
  await expect(page.getByLabel('Rules', { exact: true })).toHaveValue('v1');
  const raw = await page.request.get(`/servers/${id}`, { maxRedirects: 0 });
  expect(raw.status()).toBe(308);
  expect(raw.headers().location).toBe('/servers/two-versions-demo');
  expect((await page.request.get('/servers/no-such-server')).status()).toBe(404);

  await page.goto('/?q=Two+versions');
  const link = page.locator('table.board tbody tr .server-cell > a').first();
  await expect(link).toHaveAttribute('href', '/servers/two-versions-demo?rules=v3');
  await link.click();
  await expect(page).toHaveURL(/\/servers\/two-versions-demo\?rules=v3$/);
});

test('a shared /ja/ link opens in Japanese without any cookie, every link on it stays Japanese, English goes back to the bare path', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto('/ja/servers/poisoned-notes-demo');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('heading', { name: '概要' })).toBeVisible();
  const links = await siteLinks(page);
  expect(links.length).toBeGreaterThan(5);
  expect(links.filter((h) => !(h === '/ja' || h.startsWith('/ja/') || h.startsWith('/ja?')))).toEqual([]);
  // Following one keeps the language: the finding-codes page in Japanese.
  await page.getByTestId('finding-group').locator('a.code', { hasText: 'hidden_instructions' }).click();
  await expect(page).toHaveURL(/\/ja\/findings\?rules=v3#hidden_instructions$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.getByRole('button', { name: 'English' }).click();
  // (The fragment stays in the browser: the switch is a form post and goes back to the path and query.)
  await expect(page).toHaveURL(/\/findings\?rules=v3$/);
  expect(new URL(page.url()).pathname).toBe('/findings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('Japanese pages show finding messages in Japanese, from each code’s template and the finding’s facts', async ({ page }) => {
  await page.goto('/ja/servers/poisoned-notes-demo');
  const messages = page.locator('.msg[data-message-id]');
  expect(await messages.count()).toBeGreaterThan(0);
  for (const text of await messages.allTextContents()) {
    expect(text, 'a Japanese message').toMatch(JAPANESE);
    expect(text, 'no placeholder left').not.toMatch(/\{[$\w.[\]]+(\|\w+)?\}/);
  }
  // The security finding names the pattern and the excerpt it found, and says the tool's score was capped.
  const hidden = page.locator('.msg[data-message-id="hidden_instructions.capped"]').first();
  await expect(hidden).toContainText('モデルに向けた文があります');
  await expect(hidden).toContainText('点に下げています');
  await expect(page.locator('.msg[data-message-id="security_risk"]').first()).toContainText('セキュリティの指摘があるツールが 1 個あります');
  await page.screenshot({ path: `${shotsDir}/server-ja-1280-${shotsTag}.png`, fullPage: true });

  // The same page in English shows the message as the finding printed it (the JSON's `message`).
  await page.goto('/servers/poisoned-notes-demo');
  await expect(page.locator('.msg[data-message-id="hidden_instructions.capped"]').first()).toContainText('text addressed to the model');

  // The finding-codes page in Japanese shows each code's message template in Japanese.
  await page.goto('/ja/findings');
  await expect(page.locator('article#too_short .msg[data-message-id="too_short"]')).toHaveText('説明文が短すぎます（‹words› 語。‹minimum› 語以上が目安）');
});

test('the leaderboard: a bar per category, sorting by one on the server (without JavaScript), ranks shared by equal scores', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const rows = page.locator('table.board tbody tr');
  await expect(rows.first().getByTestId('categories').locator('li')).toHaveCount(6);
  // Competition ranking: equal scores share a rank, the next rank skips.
  const ranks = (await rows.locator('.rank-cell').allTextContents()).map(Number);
  const scores = await rows.locator('.score-cell strong').allTextContents();
  ranks.forEach((rank, i) => {
    if (i > 0 && scores[i] === scores[i - 1]) expect(rank).toBe(ranks[i - 1]);
    else expect(rank).toBe(i + 1);
  });
  // The column heading sorts by the category, highest first; the sorted bar shows its value.
  await page.locator('.cats-head').getByRole('link', { name: 'Sort by usage' }).click();
  await expect(page).toHaveURL(/sort=usage&order=desc/);
  const values = (await page.getByTestId('sorted-category').allTextContents()).map(Number);
  expect(values.length).toBeGreaterThan(1);
  // A server with a critical security finding ranks after every server without one in every sort: the
  // clean rows come first, each part sorted by the category.
  const risky = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('[data-testid="security-risk"]') !== null));
  expect(risky).toEqual([...risky].sort((a, b) => Number(a) - Number(b)));
  const clean = values.filter((_, i) => !risky[i]);
  const atRisk = values.filter((_, i) => risky[i]);
  expect(clean).toEqual([...clean].sort((a, b) => b - a));
  expect(atRisk).toEqual([...atRisk].sort((a, b) => b - a));
  // The sort is also in the filter form, and the rules picker says what its count is.
  await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('usage');
  await expect(page.getByLabel('Rules version').locator('option[selected]')).toHaveText(/^v3 — \d+ scored versions?$/);
  await context.close();
});

test('the API reference lists request and response fields from the OpenAPI document and the README’s curl examples', async ({ page }) => {
  await page.goto('/docs/api');
  const examples = page.getByTestId('curl-example');
  expect(await examples.count()).toBeGreaterThanOrEqual(3);
  const origin = new URL(page.url()).origin;
  await expect(examples.first()).toContainText(`${origin}/v1/keys`);
  // The maintainer's CI path is the first operation; each operation is folded to one line until opened.
  await expect(page.locator('details.op').first()).toHaveAttribute('id', 'post--v1-servers-id-lint');
  await expect(page.locator('details.op[open]')).toHaveCount(0);
  const register = page.locator('details#post--v1-servers');
  await register.locator('summary').click();
  await expect(register.getByRole('table', { name: 'Request body (JSON)' }).locator('tr', { hasText: 'source.kind' })).toContainText('url | npm | upload');
  const board = page.locator('details#get--v1-leaderboards-lint');
  await board.locator('summary').click();
  await expect(board.getByRole('table', { name: 'Answer 200 (JSON)' }).locator('tr', { hasText: 'items[].categories.{key}' })).toBeVisible();
  // An object several answers hold is listed once, under "Shared shapes": its field links there, and following
  // the link opens the shape's fold with its fields.
  const server = page.locator('details#get--v1-servers-id-');
  await server.locator('summary').click();
  const shapeLink = server.getByRole('table', { name: 'Answer 200 (JSON)' }).locator('tr', { hasText: 'server' }).first().locator('a.shape-link');
  const target = (await shapeLink.getAttribute('href'))!;
  expect(target).toMatch(/^#shape-server/);
  await expect(page.locator(`details.shape ${target}`)).toBeHidden();
  await shapeLink.click();
  await expect(page.locator(`${target} table tr`, { hasText: 'slug' }).first()).toBeVisible();
  // The page is rendered on the server only: no hydration data (every table a second time) and no markers.
  const served = await (await page.request.get('/docs/api')).text();
  expect(served).not.toContain('__sveltekit');
  expect(served).not.toMatch(/<!--\[/);
  expect(served.length).toBeLessThan(300_000);
  // Served by this process: no script or style from elsewhere.
  const html = await (await page.request.get('/docs/api')).text();
  expect(html).not.toMatch(/<script[^>]+src="https?:/);
  expect(html).not.toMatch(/<link[^>]+href="https?:/);
});

test('screenshots: the leaderboard with categories at 390 px and 1280 px, a Japanese server page at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.screenshot({ path: `${shotsDir}/leaderboard-1280-${shotsTag}.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.locator('table.board').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shotsDir}/leaderboard-390-${shotsTag}.png` });
  await page.goto('/ja/servers/poisoned-notes-demo');
  // Its tool row opened, so the tool's own finding shows in Japanese too.
  await page.locator('details.tool-row summary').first().click();
  await expect(page.locator('details.tool-row .msg').first()).toContainText('モデルに向けた文があります');
  await page.screenshot({ path: `${shotsDir}/server-ja-390-${shotsTag}.png`, fullPage: true });
});
