// Server pages people scan (summary first, a sortable tool table that opens into cards, findings grouped by
// code), the public board without empty or unlabelled copies, and maintainers managing their servers from
// the site: edit, hide, show, re-capture, delete; usage on the account page.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { TWO_VERSIONS } from './fixtures';
import { signIn } from './session';

const admin = () => process.env.E2E_ADMIN_KEY!;
const auth = () => ({ authorization: `Bearer ${admin()}` });


/** Register an upload through the API and wait for its lint; its id. */
async function register(request: APIRequestContext, name: string, tools: unknown[]): Promise<string> {
  const res = await request.post('/v1/servers', { headers: auth(), data: { name, public: true, source: { kind: 'upload', tools: { tools } } } });
  expect(res.status(), await res.text()).toBe(202);
  const id = ((await res.json()) as { server: { id: string } }).server.id;
  await expect
    .poll(async () => ((await (await request.get(`/v1/servers/${id}`)).json()) as { versions: { scores: unknown[] }[] }).versions[0]?.scores.length ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(0);
  return id;
}

const serverId = async (request: APIRequestContext, name: string): Promise<string> =>
  ((await (await request.get(`/v1/servers?q=${encodeURIComponent(name)}`)).json()) as { items: { id: string; name: string }[] }).items.find((s) => s.name === name)!.id;

test('server page: summary first, a tool table sorted on the server that opens into cards, findings grouped by code', async ({ page, request }) => {
  const id = await serverId(request, 'firecrawl-mcp');
  await page.goto(`/servers/${id}`);
  const h2 = await page.locator('main h2').allTextContents();
  expect(h2[0]).toBe('Summary');
  const summary = page.locator('section', { has: page.getByRole('heading', { name: 'Summary' }) });
  await expect(summary.getByTestId('server-score')).toContainText(/\d+\.\d\/100/);
  // "Tools 29" (the heading says what the number counts) and the server's place on the board.
  await expect(summary).toContainText(/Tools\s*29\b/);
  await expect(summary).not.toContainText('29 tools');
  await expect(summary.getByTestId('board-rank')).toHaveText(/^\d+ of \d+ on the leaderboard$/);
  await expect(summary).toContainText('Tokens');
  // The licence as the API has it (an npm package's; the seed's frozen sets state none, and the page says so).
  const server = (await (await request.get(`/v1/servers/${id}`)).json()) as { server: { license: string | null; source: string } };
  expect(server.server.source).toBe('npm');
  await expect(page.getByTestId('license')).toHaveText(server.server.license ?? 'not stated by the package');
  // A tool name breaks after its separators, never inside a word: a <wbr> after each _ or -.
  const name = page.locator('h3.t-name code.tool-name').filter({ hasText: /[_-]/ }).first();
  expect(await name.locator('wbr').count()).toBe(((await name.textContent()) ?? '').match(/[_\-./:](?=.)/g)?.length ?? 0);
  await expect(summary.locator('ol.top-findings li')).toHaveCount(5);
  // The table: one row per tool, closed; a row opens into the tool's card.
  const rows = page.getByTestId('tool-card');
  await expect(rows).toHaveCount(29);
  await expect(rows.first().locator('.card')).toBeHidden();
  await rows.first().locator('summary').click();
  await expect(rows.first().locator('.card .cats')).toBeVisible();
  // Default order: weakest score first; by name through a plain link (works without JavaScript).
  const scores = (await rows.locator('summary .t-score strong').allTextContents()).map(Number);
  expect(scores).toEqual([...scores].sort((a, b) => a - b));
  await page.getByRole('link', { name: 'name' }).first().click();
  await expect(page).toHaveURL(/tsort=name&tdir=asc/);
  const names = await page.getByTestId('tool-card').locator('summary h3').allTextContents();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  await page.getByRole('link', { name: /^name/ }).first().click();
  await expect(page).toHaveURL(/tdir=desc/);
  // Findings grouped by code with counts that add up to the server's findings.
  const groups = page.getByTestId('finding-group');
  expect(await groups.count()).toBeGreaterThan(3);
  const counts = (await groups.locator('.count').allTextContents()).map((t) => Number(t.replace('×', '').trim()));
  const findingsFact = summary.locator('.summary-facts div').filter({ has: page.locator('dt', { hasText: /^Findings$/ }) }).locator('dd');
  const total = (await findingsFact.textContent())!.match(/\d+/g)!.map(Number).reduce((a, b) => a + b, 0);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
  // A tool named in a group links to its row, which opens.
  await groups.first().locator('.where a').first().click();
  await expect(page.locator('details.tool-row[open]').last()).toBeVisible();
});

test("the board ranks no empty server (the README's example), names identical copies and each row's source", async ({ page, request }) => {
  const empty = await request.post('/v1/servers', { headers: auth(), data: { name: 'My server', source: { kind: 'upload', tools: { tools: [] } } } });
  const emptyId = ((await empty.json()) as { server: { id: string } }).server.id;
  const copy = await register(request, 'Copy of two versions', TWO_VERSIONS[1]!);
  // The search reads names, descriptions and tool text ("server" is in many): the empty server is in no row.
  await page.goto('/?q=my server');
  await expect(page.locator('table.board tbody tr th.server-cell > a', { hasText: /^My server$/ })).toHaveCount(0);
  await page.goto(`/servers/${emptyId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My server');
  await expect(page.getByTestId('unranked')).toContainText('Not ranked');
  await page.goto('/?q=two versions');
  const row = page.locator('table.board tbody tr').filter({ has: page.locator('th.server-cell > a', { hasText: /^Copy of two versions$/ }) });
  await expect(row.getByTestId('same-surface')).toContainText('same tools as Two versions demo');
  await expect(row.getByTestId('source')).toHaveText('uploaded');
  await page.goto(`/servers/${copy}`);
  await expect(page.getByTestId('same-surface')).toContainText('Two versions demo');
  await page.goto('/?q=filesystem');
  await expect(page.locator('table.board tbody tr').first().getByTestId('source')).toHaveText('captured from npm');
});

test('maintainers edit, hide, show, re-capture and delete a server from the site; other keys cannot', async ({ page, request, browser }) => {
  // Fourteen page loads and form posts: over a minute on the shared 2-core machine at load 30.
  test.setTimeout(180_000);
  const id = await register(request, 'Managed e2e server', TWO_VERSIONS[0]!);
  await signIn(page);
  await page.goto(`/servers/${id}`);
  await page.getByRole('link', { name: 'Manage this server' }).click();
  // The link names the server by its slug, as every other link (the edit page takes the id too).
  await expect(page).toHaveURL(/\/servers\/managed-e2e-server\/edit$/);
  await page.getByLabel('Name', { exact: true }).fill('Managed and renamed');
  await page.getByLabel(/^Description/).fill('First line.\nSecond line.');
  await page.getByLabel(/^Repository/).fill('https://github.com/example/managed');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');
  // A bad link is refused with the API's reason, nothing changed.
  await page.getByLabel(/^Homepage/).fill('https://exa mple.com');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toContainText('URL');
  await page.goto(`/servers/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Managed and renamed');
  await expect(page.locator('.lead')).toHaveText('First line.\nSecond line.');
  await expect(page.locator('.lead')).not.toContainText('<U+000A>');

  await page.goto(`/servers/${id}/edit`);
  await page.getByRole('button', { name: 'Hide from the leaderboard' }).click();
  await expect(page.getByRole('status').first()).toContainText('hidden');
  expect((await request.get(`/v1/servers/${id}`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Show on the leaderboard' }).click();
  expect((await request.get(`/v1/servers/${id}`)).status()).toBe(200);
  await expect(page.locator('main')).toContainText('no source to read again');

  // Another organisation's admin, signed in: the page says so and offers nothing.
  const other = await request.post('/v1/organisations', { headers: auth(), data: { name: 'E2E other org', slug: `e2e-other-${Date.now()}` } });
  const otherKey = ((await other.json()) as { key: string }).key;
  const stranger = await (await browser.newContext()).newPage();
  await signIn(stranger, otherKey);
  await stranger.goto(`/servers/${id}/edit`);
  await expect(stranger.getByRole('alert')).toContainText('Only an admin key of the organisation');
  await expect(stranger.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await stranger.goto(`/servers/${id}`);
  await expect(stranger.getByRole('link', { name: 'Manage this server' })).toHaveCount(0);

  await page.goto(`/servers/${id}/edit`);
  await page.getByLabel(/Type the slug/).fill('wrong-slug');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toContainText('does not match');
  await page.getByLabel(/Type the slug/).fill('managed-e2e-server');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/account\?deleted=1$/);
  await expect(page.getByRole('status')).toContainText('deleted');
  const gone = await page.goto(`/servers/${id}`);
  expect(gone?.status()).toBe(404);
});

test('the account page shows this month’s usage per purpose and credits', async ({ page }) => {
  await signIn(page);
  const usage = page.getByTestId('usage');
  await expect(usage.locator('tbody tr')).toHaveCount(2);
  await expect(usage.locator('tbody tr', { hasText: 'ci' })).toContainText('10,000');
  await expect(page.locator('main')).toContainText(/Units spent in \d{4}-\d{2} \(UTC\)/);
  await expect(page.getByRole('heading', { name: 'Credits' })).toBeVisible();
});
