// The public site end to end, in Debian's Chromium, against the real server on a real PostgreSQL.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { guard, signIn } from './session';

const shots = 'test-results/screenshots';
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

test('leaderboard → server → tool card, with findings linked to their codes', async ({ page }) => {
  const problems = guard(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Lint leaderboard' })).toBeVisible();
  await expect(page.getByTestId('comparability-key')).toHaveText(/^v3@sha256:[0-9a-f]{64}$/);
  const rows = page.locator('table.board tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(8);
  // Band symbol and word, never colour alone; scores to one decimal.
  await expect(rows.first().locator('.band')).toHaveText(/^[☀☁☂] (sunny|cloudy|rain)$/);
  await expect(rows.first().locator('.score-cell strong')).toHaveText(/^\d+\.\d$/);
  await shot(page, 'leaderboard');

  // The seeded board is scored under v3, the latest: the page shows the score and band the API ranks it by.
  const board = (await (await page.request.get('/v1/leaderboards/lint?q=server-filesystem')).json()) as { rules: { id: string }; items: { score: number; band: string; id: string; name: string }[] };
  expect(board.rules.id).toBe('v3');
  await page.getByRole('link', { name: '@modelcontextprotocol/server-filesystem' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('@modelcontextprotocol/server-filesystem');
  // The search reads names, descriptions and tool text: the filesystem server's own row, wherever the search ranks it.
  const filesystem = board.items.find((i) => i.name === '@modelcontextprotocol/server-filesystem')!;
  await expect(page.getByTestId('server-score')).toContainText(filesystem.score.toFixed(1));
  await expect(page.getByTestId('server-score')).toContainText(filesystem.band);
  await expect(page.getByRole('img', { name: 'Score history' })).toBeVisible();
  const cards = page.getByTestId('tool-card');
  await expect(cards).toHaveCount(14);
  // A tool the stored result gives findings (which ones has changed with the rules: not a name written here).
  const latest = (await (await page.request.get(`/v1/servers/${filesystem.id}/lint/latest`)).json()) as { tools: { name: string; findings: unknown[] }[] };
  const withFindings = latest.tools.find((t) => t.findings.length > 0)!.name;
  const card = cards.filter({ has: page.locator('h3.t-name code', { hasText: new RegExp(`^${withFindings}$`) }) });
  await expect(card).toHaveCount(1);
  for (const c of ['purpose', 'usage', 'parameters', 'returns', 'constraints', 'examples']) await expect(card.locator('.cat dt', { hasText: c })).toHaveCount(1);
  await expect(card.locator('.cat .pts').first()).toHaveText(/^\d+\/20$/);
  await expect(card.locator('.sev').first()).toHaveText(/critical|required|minor/);
  await shot(page, 'server');

  // Every finding links to its code's explanation (the tool's row opens into its card).
  await card.locator('summary').click();
  const link = card.locator('ul.findings a.code').first();
  const code = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/findings#${code}$`));
  await expect(page.locator(`#${code}`)).toContainText('How to fix');
  expect(problems).toEqual([]);
});

test('server page: confusable pairs with total, version picker and a diff between two versions', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'firecrawl-mcp' }).click();
  await expect(page.getByRole('heading', { name: 'Confusable pairs' })).toBeVisible();
  await expect(page.locator('ol.pairs li').first()).toContainText('↔');
  expect(await page.locator('ol.pairs li').count()).toBeLessThanOrEqual(12);

  await page.goto(`/servers/${process.env.E2E_TWO_ID}`);
  await expect(page.getByLabel('Version', { exact: true }).locator('option')).toHaveCount(2);
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Changes between versions');
  await expect(page.getByRole('heading', { name: 'Tools added (1)' })).toBeVisible();
  await expect(page.locator('section', { has: page.getByRole('heading', { name: /Tools added/ }) })).toContainText('create_issue');
  await expect(page.locator('section', { has: page.getByRole('heading', { name: /Tools removed/ }) })).toContainText('close_issue');
  await expect(page.locator('section', { has: page.getByRole('heading', { name: /Tools changed/ }) })).toContainText('search_issues');
  await expect(page.getByTestId('score-delta')).toHaveText(/^\+\d/);
  await shot(page, 'diff');
  // A diff link without ?rules compares under the latest rules (v3), never a fixed older version.
  const bare = new URL(page.url());
  bare.searchParams.delete('rules');
  await page.goto(bare.pathname + bare.search);
  await expect(page.locator('.key code')).toHaveText(/^v3@sha256:[0-9a-f]{64}$/);

  // The picker shows the older version's own result.
  await page.goto(`/servers/${process.env.E2E_TWO_ID}`);
  const older = await page.getByLabel('Version', { exact: true }).locator('option').nth(1).getAttribute('value');
  await page.getByLabel('Version', { exact: true }).selectOption(older!);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByTestId('tool-card')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'close_issue' })).toBeVisible();
});

test('switching the rules version shows the board of that version (id + hash)', async ({ page }) => {
  await page.goto('/');
  const picker = page.getByLabel('Rules version');
  const old = `v2@${process.env.E2E_OLD_HASH}`;
  await expect(picker.locator(`option[value="${old}"]`)).toHaveCount(1);
  await picker.selectOption(old);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/rules=v2%40sha256%3A0+/);
  await expect(page.getByTestId('comparability-key')).toHaveText(old);
  const rows = page.locator('table.board tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Two versions demo');
  await expect(rows.first()).toContainText('12.5');
  await expect(rows.first()).toContainText('☂ rain');

  // Every registered version is offered by id alone too: ?rules=v1 is v1's board at this build's hash.
  await page.goto('/?rules=v1');
  await expect(page.getByTestId('comparability-key')).toHaveText(/^v1@sha256:[0-9a-f]{64}$/);
  await expect(page.locator('table.board tbody tr').first()).toBeVisible();
  // The three builds this site runs (issue 25: the leaderboard offers all three) are named by id alone; only
  // v2 shows a hash, since an older v2 build has results too. v3, the latest, is the board without ?rules.
  for (const id of ['v1', 'v2', 'v3']) await expect(picker.locator(`option[value="${id}"]`)).toHaveCount(1);
  await expect(picker.locator('option[value="v1"]')).toHaveText(/^v1 — \d+ scored versions?$/);
  await expect(picker.locator('option[value="v2"]')).toHaveText(/^v2 · [0-9a-f]{8} — \d+ scored versions?$/);
  await expect(picker.locator('option[value="v3"]')).toHaveText(/^v3 — \d+ scored versions?$/);
  for (const rules of ['', '?rules=latest']) {
    await page.goto(`/${rules}`);
    await expect(page.getByTestId('comparability-key')).toHaveText(/^v3@sha256:[0-9a-f]{64}$/);
    await expect(picker).toHaveValue('v3');
  }

  await page.goto('/?rules=v9');
  await expect(page.getByRole('alert')).toContainText('not known');
});

test('filters: search, band and security findings', async ({ page }) => {
  await page.goto('/?q=memory');
  await expect(page.locator('table.board tbody tr')).toHaveCount(1);
  await page.goto('/?band=rain');
  const bands = await page.locator('table.board tbody .band').allTextContents();
  expect(bands.length).toBeGreaterThan(0);
  expect(bands.every((b) => b === '☂ rain')).toBe(true);
  await page.goto('/?security=true');
  const flagged = page.locator('table.board tbody tr');
  await expect(flagged.filter({ hasText: 'Evil' })).toHaveCount(1);
  for (const row of await flagged.all()) await expect(row).toContainText('⚠');
  await page.goto('/?security=false');
  await expect(page.locator('table.board tbody tr').filter({ hasText: 'Evil' })).toHaveCount(0);
});

test('hostile names and descriptions are inert: no script runs, the text is shown, invisible characters are visible', async ({ page }) => {
  const problems = guard(page);
  await page.goto(`/servers/${process.env.E2E_HOSTILE_ID}`);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  // The name's right-to-left override is shown, not obeyed.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evil<U+202E>gnp.exe server');
  await expect(page.locator('h1 mark.invisible-char')).toHaveText('<U+202E>');
  // Markup is text.
  await expect(page.locator('.lead')).toContainText('<script>window.__pwned = "server"</script><b>bold?</b> [docs](javascript:window.__pwned=1) zero<U+200B>width');
  const card = page.getByTestId('tool-card').filter({ has: page.getByRole('heading', { name: 'read_notes' }) });
  await expect(card.locator('.tool-desc')).toContainText('<script>window.__pwned = "tool"</script><img src=x onerror=');
  await expect(card.locator('.tool-desc mark.invisible-char')).toHaveText(['<U+200B>', '<U+202E>', '<U+202C>']);
  await expect(card.locator('ul.findings')).toContainText('invisible_characters');
  // Line breaks and tabs are layout, not hidden characters: shown as lines, never as <U+000A>/<U+0009>.
  const lines = page.getByTestId('tool-card').filter({ has: page.getByRole('heading', { name: 'list_notes' }) }).locator('.tool-desc');
  await expect(lines).not.toContainText('<U+000A>');
  await expect(lines).not.toContainText('<U+0009>');
  await expect(lines.locator('mark.invisible-char')).toHaveCount(0);
  await lines.locator('xpath=ancestor::details').locator('summary').click();
  expect((await lines.innerText()).split('\n').length).toBeGreaterThanOrEqual(3);
  // Nothing became an element or a link.
  expect(await page.locator('main script, main img[src="x"], main b, a[href^="javascript:"]').count()).toBe(0);
  // The policy forbids inline scripts without the page's nonce, as a second wall.
  // (The server page is rendered on the server only and runs no script at all; hydrated pages get a nonce.)
  const csp = (await page.request.get(`/servers/${process.env.E2E_HOSTILE_ID}`)).headers()['content-security-policy'];
  expect(csp).toMatch(/script-src 'self'[ ;]/);
  expect(await page.locator('script').count()).toBe(0);
  expect((await page.request.get('/')).headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
  await shot(page, 'hostile');
  expect(problems).toEqual([]);
});

test('finding codes page: every code with severity, trigger, fix and example', async ({ page }) => {
  // The latest rules (v3) by default: every code it documents (GET /v1/rules/latest); v1's own 30 with ?rules=v1.
  await page.goto('/findings?rules=v1');
  await expect(page.locator('article.code-doc')).toHaveCount(30);
  await expect(page.locator('article#security_risk')).toHaveCount(0);
  await page.goto('/findings');
  const latest = (await (await page.request.get('/v1/rules/latest')).json()) as { id: string; findings: unknown[] };
  expect(latest.id).toBe('v3');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('(v3)');
  const docs = page.locator('article.code-doc');
  expect(await docs.count()).toBe(latest.findings.length);
  for (const code of ['no_description', 'too_short', 'confusable_pair_total', 'hidden_instructions', 'heavy_surface', 'security_risk', 'malformed_input_schema']) {
    const d = page.locator(`article#${code}`);
    await expect(d.locator('.sev').first()).toBeVisible();
    await expect(d).toContainText('Triggered when');
    await expect(d).toContainText('How to fix');
    await expect(d).toContainText('Example message');
  }
  await shot(page, 'findings');
});

test('sign in with a key (kept in an http-only cookie, never shown), manage keys, sign out', async ({ page, context }) => {
  await page.goto('/signin');
  await page.getByLabel('API key').fill('tm_admin_' + 'x'.repeat(32));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('unknown');

  await signIn(page);
  const cookie = (await context.cookies()).find((c) => c.name === 'tm_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  const key = process.env.E2E_ADMIN_KEY!;
  expect(cookie?.value).not.toContain(key.slice(9));
  expect(await page.evaluate(() => document.cookie)).not.toContain('tm_session');
  expect(await page.content()).not.toContain(key);
  await expect(page.getByRole('heading', { name: /Servers/ })).toBeVisible();
  await expect(page.locator('main')).toContainText('Two versions demo');

  await page.getByLabel('Name of the key').fill('deploy bot');
  await page.getByLabel('Purpose').selectOption('ci');
  await page.getByRole('button', { name: 'Create' }).click();
  const created = await page.getByTestId('created-key').inputValue();
  expect(created).toMatch(/^tm_ci_[A-Za-z0-9_-]{32}$/);
  const row = page.locator('tr', { hasText: 'deploy bot' });
  await expect(row).toContainText('active');
  await shot(page, 'account');
  await row.getByRole('button', { name: 'Revoke: deploy bot' }).click();
  await expect(page.locator('tr', { hasText: 'deploy bot' })).toContainText('revoked');
  const me = await page.request.get('/v1/me', { headers: { authorization: `Bearer ${created}` } });
  expect(me.status()).toBe(401);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status')).toContainText('Signed out');
  expect((await context.cookies()).find((c) => c.name === 'tm_session')).toBeUndefined();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/signin/);
});

test('submit an upload and watch capture and lint complete', async ({ page }) => {
  await signIn(page);
  await page.goto('/submit');
  await page.getByLabel('Name', { exact: true }).fill('Uploaded e2e server');
  await page.getByLabel(/Upload a tools\/list file/).check();
  await page.getByLabel('tools/list file', { exact: true }).setInputFiles({
    name: 'tools.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ tools: [{ name: 'get_weather', description: 'Returns the current weather for a city. Use it when the user asks about today.', inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'City name, e.g. Tokyo.' } }, required: ['city'] } }] })),
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/servers\/[0-9a-f-]+\/progress$/);
  await expect(page.getByTestId('progress-state')).toHaveAttribute('data-state', 'scored', { timeout: 30_000 });
  await expect(page.getByTestId('progress-state')).toContainText(/\d+\.\d\/100 [☀☁☂]/);
  // One tool is "1 tool", never "1 tools".
  await expect(page.getByTestId('progress-state')).toContainText(' 1 tool ·');
  await shot(page, 'progress-done');
  await page.getByRole('link', { name: 'Open the server page' }).click();
  await expect(page.getByRole('heading', { name: 'get_weather' })).toBeVisible();
});

test('a bad upload is refused with the API’s reason', async ({ page }) => {
  await signIn(page);
  await page.goto('/submit');
  await page.getByLabel('Name', { exact: true }).fill('Broken upload');
  await page.getByLabel('tools/list file', { exact: true }).setInputFiles({ name: 'tools.json', mimeType: 'application/json', buffer: Buffer.from('{"tools": [{"description": "no name"}]}') });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toContainText('name');
});

test('badge: an SVG with the rules version and the score; the server page shows the README snippet', async ({ page, request }) => {
  await page.goto(`/servers/${process.env.E2E_TWO_ID}`);
  const img = page.getByTestId('badge');
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 40)).toBe(true);
  const snippet = await page.locator('#snippet').inputValue();
  expect(snippet).toMatch(/^\[!\[toolmark lint score\]\(http:\/\/127\.0\.0\.1:\d+\/v1\/servers\/[0-9a-f-]+\/badge\.svg\?rules=v3\)\]\(http:\/\/127\.0\.0\.1:\d+\/servers\/two-versions-demo\)$/);
  const res = await request.get(`/v1/servers/${process.env.E2E_TWO_ID}/badge.svg`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('image/svg+xml');
  expect(res.headers()['cache-control']).toContain('max-age');
  const svg = await res.text();
  expect(svg).toContain('toolmark v3');
  expect(svg).toMatch(/[☀☁☂] \d+\.\d/);
  const again = await request.get(`/v1/servers/${process.env.E2E_TWO_ID}/badge.svg`, { headers: { 'if-none-match': res.headers().etag! } });
  expect(again.status()).toBe(304);
});

test('Japanese UI: the switch persists in a cookie and pages render in Japanese on the server', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '日本語' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('静的採点ランキング');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('table.board tbody .band').first()).toHaveText(/^[☀☁☂] (晴れ|曇り|雨)$/);
  await shot(page, 'leaderboard-ja');
  await page.goto('/findings');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('指摘コード');
  await expect(page.locator('article#too_short')).toContainText('直し方');
  await page.goto(`/servers/${process.env.E2E_TWO_ID}`);
  await expect(page.getByRole('heading', { name: '取り違えやすい組' })).toBeVisible();
  await shot(page, 'server-ja');
  // Server-side: the raw HTML is Japanese for a request carrying only the cookie.
  const html = await (await request.get('/docs/scoring', { headers: { cookie: 'tm_lang=ja' } })).text();
  expect(html).toContain('<html lang="ja">');
  expect(html).toContain('採点の仕組み');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Confusable pairs' })).toBeVisible();
});

test('docs: quick start with dump + curl, API reference from the OpenAPI document, scoring, changelog', async ({ page, request }) => {
  await page.goto('/docs');
  await page.getByRole('link', { name: 'Quick start for maintainers' }).click();
  // The CLI from this instance (not published on npm), at the address the page was served from.
  const cli = `npx -y ${new URL(page.url()).origin}/cli/toolmark.tgz`;
  await expect(page.locator('main pre').first()).toContainText(`${cli} dump -o tools.json`);
  await expect(page.locator('main pre').last()).toContainText(`${cli} lint --fail-under 70 tools.json`);
  await expect(page.locator('main pre').last()).toContainText('curl --fail-with-body');
  const tarball = await request.get(await page.getByRole('link', { name: '/cli/toolmark.tgz' }).getAttribute('href') ?? '');
  expect(tarball.status()).toBe(200);
  expect(tarball.headers()['content-type']).toBe('application/gzip');
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { name: /GET \/v1\/leaderboards\/lint/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /GET \/v1\/servers\/\{id\}\/badge\.svg/ })).toBeVisible();
  await shot(page, 'docs-api');
  await page.goto('/docs/scoring');
  await expect(page.locator('main table')).toContainText('Parameters');
  await expect(page.locator('main table')).toContainText('25');
  await page.goto('/docs/changelog');
  await expect(page.locator('main')).toContainText('first published version');
});

test('accessible structure: landmarks, one h1 and no skipped heading levels, labelled controls, keyboard skip link', async ({ page }) => {
  for (const path of ['/', `/servers/${process.env.E2E_TWO_ID}`, '/findings', '/submit', '/signin', '/docs/api']) {
    await page.goto(path);
    await expect(page.locator('header.site-header')).toHaveCount(1);
    await expect(page.locator('main#main')).toHaveCount(1);
    await expect(page.locator('nav[aria-label]').first()).toBeVisible();
    const levels = await page.locator('h1, h2, h3, h4').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    expect(levels[0], path).toBe(1);
    expect(levels.filter((l) => l === 1), path).toHaveLength(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `${path}: heading levels ${levels.join(',')}`).toBeLessThanOrEqual(1);
    const unlabelled = await page.locator('main input:not([type=hidden]), main select, main textarea').evaluateAll((els) =>
      els.filter((el) => !(el.id && document.querySelector(`label[for="${el.id}"]`)) && !el.getAttribute('aria-label')).map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unlabelled, path).toEqual([]);
  }
  // Both language buttons are legible (text colour differs from its background), pressed or not.
  await page.goto('/');
  for (const name of ['English', '日本語']) {
    const [color, background] = await page.getByRole('button', { name }).evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
    expect(color, name).not.toBe(background);
  }
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('a poisoned server shows "security risk" beside its score on the board, its page and its badge, and is not sunny', async ({ page, request }) => {
  const problems = guard(page);
  await page.goto('/?q=Poisoned');
  const row = page.locator('table.board tbody tr', { hasText: 'Poisoned notes demo' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('security-risk')).toHaveText('⚠ security risk');
  await expect(row.locator('.band')).not.toHaveText(/sunny/);
  await page.goto('/?q=Two+versions');
  await expect(page.locator('table.board tbody tr').getByTestId('security-risk')).toHaveCount(0);
  await page.goto(`/servers/${process.env.E2E_POISONED_ID}`);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByTestId('security-risk')).toBeVisible();
  await expect(page.getByTestId('server-score')).not.toContainText('sunny');
  // Under v1 too: v1 counts its own security codes, its board is comparable within v1 only.
  await page.goto(`/servers/${process.env.E2E_POISONED_ID}?rules=v1`);
  await expect(summary.getByTestId('security-risk')).toBeVisible();
  await shot(page, 'poisoned');
  const svg = await (await request.get(`/v1/servers/${process.env.E2E_POISONED_ID}/badge.svg`)).text();
  expect(svg).toContain('⚠ security risk');
  expect(svg).not.toMatch(/[☀☁☂] \d/);
  expect(problems).toEqual([]);
});
