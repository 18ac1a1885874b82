// The evaluation pages against the real app: start an evaluation from the site (fake OpenAI models on
// 127.0.0.1 and the lexical baseline, see global-setup.ts), watch it live, read the results, browse and
// filter the cases, "show all" in the called-tools table, the same without JavaScript, and a hostile
// server whose tool names and descriptions (so the utterances) are markup and invisible characters.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { guard, signIn as signInWith } from './session';
/** Evaluations are started with a script key. */
const signIn = (page: Page, key: string = process.env.E2E_SCRIPT_KEY!) => signInWith(page, key);

const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';
mkdirSync(shots, { recursive: true });
const UUID = /\/evaluations\/([0-9a-f-]{36})$/;

/** The API's own answer, to compare the page with. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${process.env.E2E_SCRIPT_KEY}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

type Rate = { numerator: number; denominator: number };
type Evaluation = { caseCount: number | null; status: string; runs: { model: { id: string }; trials: number; answeredTrials: number; metrics: { selectionAcc: Rate; argValidity: Rate; falseCallRate: Rate } | null }[] };
const option = (page: Page, model: string) => page.locator(`[data-testid="model-option"][data-model="${model}"]`);

test.describe.configure({ mode: 'serial' });

test('start an evaluation from the site, watch it live, read the results, browse and filter the cases', async ({ page }) => {
  const problems = guard(page);
  await signIn(page);
  // The owner reaches the start page from the server page.
  await page.goto('/servers/two-versions-demo');
  await page.getByTestId('evaluate').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start an evaluation');
  await expect(page.getByLabel('Server (its latest version)')).toHaveValue(process.env.E2E_TWO_ID!);

  // The catalogue: the baseline preselected and labelled, a paused and a key-less model not selectable, fakes offered.
  await expect(option(page, 'lexical/baseline').locator('input')).toBeChecked();
  await expect(option(page, 'lexical/baseline').getByTestId('baseline-tag')).toHaveText('baseline — not a model');
  await expect(option(page, 'openai/gpt-4.1-mini').locator('input')).toBeDisabled();
  await expect(option(page, 'openai/gpt-4.1-mini')).toContainText('paused');
  await expect(option(page, 'anthropic/claude-sonnet-4-5').locator('input')).toBeDisabled();
  await expect(option(page, 'anthropic/claude-sonnet-4-5')).toContainText('unavailable');
  await expect(option(page, 'anthropic/claude-sonnet-4-5')).toContainText('ANTHROPIC_API_KEY');
  await expect(option(page, 'openai/fake-mini').locator('input')).not.toBeChecked();
  await expect(page.locator('input[name="distractors"]:checked')).toHaveCount(0);
  // The form opens with the estimate of what it shows: the baseline is free.
  await expect(page.getByTestId('start')).toHaveText('Start — 0 units');

  // A changed selection makes the shown estimate stale until estimated again.
  await option(page, 'openai/fake-mini').locator('label').click();
  await expect(page.getByTestId('start')).toBeDisabled();
  await expect(page.getByTestId('start')).toHaveText('Start — estimate again first');
  await page.getByRole('button', { name: 'Estimate', exact: true }).click();
  await expect(page.getByTestId('estimate-row')).toHaveCount(2);
  const total = Number((await page.getByTestId('estimate-total').innerText()).replace(/\D/g, ''));
  const rows = await page.getByTestId('estimate-row').locator('td:last-child').allInnerTexts();
  expect(rows.reduce((n, t) => n + Number(t.replace(/\D/g, '')), 0)).toBe(total);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('balance')).toContainText('units left of the script quota');
  await expect(page.getByTestId('start')).toHaveText(`Start — ${total.toLocaleString('en-GB')} units`);
  await page.screenshot({ path: `${shots}/evaluation-start-1366.png`, fullPage: true });

  await page.getByTestId('start').click();
  await expect(page).toHaveURL(UUID);
  const id = UUID.exec(page.url())![1]!;
  const first = await page.getByTestId('evaluation-status').getAttribute('data-status');
  // Live: with JavaScript the page fetches its data again instead of reloading.
  await page.evaluate(() => ((window as unknown as { __same?: number }).__same = 1));
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  if (first !== 'done') expect(await page.evaluate(() => (window as unknown as { __same?: number }).__same)).toBe(1);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);

  const api = await apiGet<Evaluation>(page, `/v1/evaluations/${id}`);
  await expect(page.getByTestId('case-count')).toHaveText(String(api.caseCount));
  for (const run of api.runs) {
    const section = page.locator(`[data-testid="run-result"][data-model="${run.model.id}"]`);
    for (const k of ['selectionAcc', 'argValidity', 'falseCallRate'] as const) {
      await expect(section.locator(`tr[data-metric="${k}"] [data-testid="counts"]`)).toHaveText(`${run.metrics![k].numerator} / ${run.metrics![k].denominator}`);
    }
    await expect(section.getByTestId('called-tools')).toBeVisible();
    await expect(section.getByTestId('no-previous')).toBeVisible();
    // Answered trials of planned trials: every one here (the fakes never fail), so no "incomplete" mark.
    expect(run.answeredTrials).toBe(run.trials);
    await expect(page.locator(`[data-testid="run-row"][data-model="${run.model.id}"] [data-testid="answered"]`)).toHaveText(`${run.trials} / ${run.trials}`);
  }
  // Baseline numbers say they are not a model's.
  await expect(page.getByTestId('baseline-note')).toContainText('not a model');
  await expect(page.locator('[data-testid="run-result"][data-model="lexical/baseline"] h3')).toContainText('lexical baseline, not a model');
  await page.screenshot({ path: `${shots}/evaluation-page-1366.png`, fullPage: true });

  // The case browser: every case, then filtered exactly as the API filters.
  await page.getByTestId('browse-cases').click();
  await expect(page.getByTestId('case-total')).toHaveAttribute('data-total', String(api.caseCount));
  await expect(page.getByTestId('case').first().getByTestId('trial')).toHaveCount(2);
  for (const [label, value, query] of [['Missed', 'missed by any model', 'missed=any'], ['Missed', 'missed by exactly one model', 'missed=one'], ['Error', 'argument missing', 'errorKind=missing']] as const) {
    await page.goto(`/evaluations/${id}/cases`);
    await page.getByLabel(label, { exact: true }).selectOption({ label: value });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(query));
    const expected = await apiGet<{ total: number }>(page, `/v1/evaluations/${id}/cases?${query}`);
    await expect(page.getByTestId('case-total')).toHaveAttribute('data-total', String(expected.total));
    if (query === 'errorKind=missing') {
      expect(expected.total).toBeGreaterThan(0);
      // Argument errors say which argument and how (the fakes call with `{}`).
      await expect(page.getByTestId('arg-errors').first()).toContainText(/argument (q|title): argument missing/);
    }
  }
  await page.screenshot({ path: `${shots}/evaluation-cases-1366.png`, fullPage: true });
  expect(problems).toEqual([]);
});

test('show all in the called-tools table of a server with more than 12 tools', async ({ page }) => {
  // The seed runs the baseline over the seeded servers: take one with more than 12 tools.
  const servers = (await (await page.request.get('/v1/servers?limit=100')).json()) as { items: { id: string; toolCount: number | null }[] };
  let evaluationId: string | undefined;
  await expect(async () => {
    for (const s of servers.items.filter((x) => (x.toolCount ?? 0) > 12)) {
      const list = (await (await page.request.get(`/v1/servers/${s.id}/evaluations`)).json()) as { items: { id: string; status: string }[] };
      evaluationId = list.items.find((e) => e.status === 'done')?.id;
      if (evaluationId) return;
    }
    throw new Error('no finished evaluation of a server with more than 12 tools yet');
  }).toPass({ timeout: 45_000 });
  await page.goto(`/evaluations/${evaluationId}`);
  const table = page.getByTestId('called-tools').first();
  await expect(table).toHaveAttribute('data-focused', 'true');
  const focusedRows = await table.locator('tbody tr').count();
  await table.getByTestId('show-all').click();
  await expect(page).toHaveURL(/tools=all/);
  const all = page.getByTestId('called-tools').first();
  await expect(all).toHaveAttribute('data-focused', 'false');
  const allRows = await all.locator('tbody tr').count();
  expect(allRows).toBeGreaterThan(12);
  expect(allRows).toBeGreaterThanOrEqual(focusedRows);
  await all.getByTestId('show-errors').click();
  await expect(page.getByTestId('called-tools').first()).toHaveAttribute('data-focused', 'true');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('estimate, start (a stale estimate is never spent), and the page reloads itself until done', async ({ page }) => {
    await signIn(page);
    await page.goto(`/evaluations/new?server=${process.env.E2E_TWO_ID}`);
    await option(page, 'openai/fake-slow').locator('input').check();
    await page.getByRole('button', { name: 'Estimate', exact: true }).click();
    await expect(page.getByTestId('estimate-row')).toHaveCount(2);
    const units = await page.getByTestId('start').getAttribute('value');
    expect(Number(units)).toBeGreaterThan(0);
    // The selection changed after the estimate (another number of units): Start spends nothing and shows the new estimate.
    const before = await apiGet<{ total: number }>(page, `/v1/servers/${process.env.E2E_TWO_ID}/evaluations`);
    await option(page, 'openai/fake-slow').locator('input').uncheck();
    await page.getByTestId('start').click();
    await expect(page.getByTestId('estimate-changed')).toContainText('nothing was started');
    await expect(page.getByTestId('estimate-row')).toHaveCount(1);
    await expect(page.getByTestId('start')).toHaveText('Start — 0 units');
    expect((await apiGet<{ total: number }>(page, `/v1/servers/${process.env.E2E_TWO_ID}/evaluations`)).total).toBe(before.total);
    await option(page, 'openai/fake-slow').locator('input').check();
    await page.getByRole('button', { name: 'Estimate', exact: true }).click();
    await expect(page.getByTestId('start')).toHaveAttribute('value', units!);
    await page.getByTestId('start').click();
    await expect(page).toHaveURL(UUID);
    // Running: a refresh (inside <noscript>, so only without JavaScript) until done, then none.
    await expect(page.getByTestId('evaluation-status')).not.toHaveAttribute('data-status', 'done');
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
    await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    // The baseline ran on the same cases before: paired with the sign test. The slow fake has no earlier run.
    await expect(page.locator('[data-testid="run-result"][data-model="lexical/baseline"] [data-testid="paired"]')).toContainText('Paired on');
    await expect(page.locator('[data-testid="run-result"][data-model="openai/fake-slow"] [data-testid="no-previous"]')).toBeVisible();
    await expect(page.locator('[data-testid="run-result"][data-model="openai/fake-slow"] [data-testid="counts"]').first()).toHaveText(/^\d+ \/ \d+$/);
  });
});

test('a comparison with other settings is not made, and the page says which settings differ in its language', async ({ page }) => {
  // The baseline with 3 cases per tool, unlike every evaluation before (another comparability key): nothing compared.
  const res = await page.request.post(`/v1/servers/${process.env.E2E_TWO_ID}/evaluations`, {
    headers: { authorization: `Bearer ${process.env.E2E_SCRIPT_KEY}` },
    data: { models: ['lexical/baseline'], casesPerTool: 3 },
  });
  expect(res.status(), await res.text()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await signIn(page);
  await page.goto(`/evaluations/${id}`);
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const comparison = await apiGet<{ models: { unpairedCode: string | null }[] }>(page, `/v1/evaluations/${id}/comparison`);
  expect(comparison.models.map((m) => m.unpairedCode)).toEqual(['different_settings']);
  const unpaired = page.locator('[data-testid="run-result"][data-model="lexical/baseline"] [data-testid="different-settings"]');
  await expect(unpaired).toContainText('other settings (cases per tool)');
  await expect(page.locator('[data-testid="run-result"][data-model="lexical/baseline"] [data-testid="comparison"]')).toHaveCount(0);
  await page.goto(`/ja/evaluations/${id}`);
  await expect(unpaired).toContainText('ツールあたりのケース数');
  await expect(unpaired).not.toContainText('cases per tool');
  // The sentence wraps on a phone: nothing wider than the screen, in either language.
  for (const [lang, path] of [['en', `/evaluations/${id}`], ['ja', `/ja/evaluations/${id}`]] as const) {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await unpaired.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} ${width}`).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${shots}/evaluation-unpaired-${lang}-${width}.png` });
    }
  }
});

async function contextPage(browser: Browser, key?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (key) await signIn(page, key);
  return page;
}

test('a hostile server: tool names, descriptions and utterances rendered inert, characters made visible; cases only for its organisation', async ({ page, browser }) => {
  const problems = guard(page);
  await signIn(page);
  await page.goto(`/evaluations/new?server=${process.env.E2E_HOSTILE_EVAL_ID}`);
  await page.getByTestId('start').click();
  await expect(page).toHaveURL(UUID);
  const id = UUID.exec(page.url())![1]!;
  await expect(page.getByTestId('evaluation-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await page.getByTestId('browse-cases').click();
  await expect(page.getByTestId('case').first()).toBeVisible();
  const text = await page.locator('main').innerText();
  expect(text).toContain('<script>window.__pwned="name"</script>');
  expect(text).toContain('<U+202E>');
  await expect(page.locator('main mark.invisible-char').first()).toBeVisible();
  for (const url of [`/evaluations/${id}`, `/evaluations/${id}/cases`, `/evaluations/${id}?tools=all`]) {
    await page.goto(url);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned), url).toBeUndefined();
    await expect(page.locator('main img, main script, main [onerror]')).toHaveCount(0);
  }
  expect(problems).toEqual([]);

  // A private server's evaluation does not exist for others; the cases of a public one are its organisation's only.
  const anonymous = await contextPage(browser);
  expect((await anonymous.goto(`/evaluations/${id}`))!.status()).toBe(404);
  const two = await apiGet<{ items: { id: string }[] }>(page, `/v1/servers/${process.env.E2E_TWO_ID}/evaluations`);
  const other = await contextPage(browser, process.env.E2E_OTHER_KEY!);
  expect((await other.goto(`/evaluations/${two.items[0]!.id}`))!.status()).toBe(200);
  expect((await other.goto(`/evaluations/${two.items[0]!.id}/cases`))!.status()).toBe(403);
  await expect(other.locator('main')).toContainText('shown only to the organisation that ran it');
});

test('more units than the quota and credits: the start is refused (402) and nothing is started', async ({ page }) => {
  await signIn(page);
  await page.goto(`/evaluations/new?server=${process.env.E2E_TWO_ID}`);
  await option(page, 'openai/fake-pricey').locator('input').check();
  await page.getByRole('button', { name: 'Estimate', exact: true }).click();
  await expect(page.getByTestId('estimate')).toContainText('do not cover this evaluation');
  const before = await apiGet<{ total: number }>(page, `/v1/servers/${process.env.E2E_TWO_ID}/evaluations`);
  await page.getByTestId('start').click();
  await expect(page.getByTestId('start-refused')).toContainText('Not started: not enough units (402).');
  await expect(page).toHaveURL(/\/evaluations\/new/);
  expect((await apiGet<{ total: number }>(page, `/v1/servers/${process.env.E2E_TWO_ID}/evaluations`)).total).toBe(before.total);
});

test('an admin key may estimate but not start; screenshots at 360 px', async ({ page }) => {
  await signIn(page, process.env.E2E_ADMIN_KEY!);
  await page.goto(`/evaluations/new?server=${process.env.E2E_TWO_ID}`);
  await expect(page.getByTestId('script-only')).toContainText('only script keys start evaluations');
  await expect(page.getByTestId('start')).toHaveCount(0);
  await expect(page.getByTestId('estimate')).toBeVisible();
  const two = await apiGet<{ items: { id: string }[] }>(page, `/v1/servers/${process.env.E2E_TWO_ID}/evaluations`);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${shots}/evaluation-start-360.png`, fullPage: true });
  await page.goto(`/evaluations/${two.items[0]!.id}`);
  await page.screenshot({ path: `${shots}/evaluation-page-360.png`, fullPage: true });
  await page.goto(`/evaluations/${two.items[0]!.id}/cases?errorKind=missing`);
  await page.screenshot({ path: `${shots}/evaluation-cases-360.png` });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${shots}/evaluation-cases-1366-top.png` });
});
