// The models leaderboard and the leaderboard per model in Chromium, on the seeded install (the seed runs
// the lexical baseline on every seeded server and on the suite at every distractor step): the chart (an
// SVG with one line per model) and its table agree with the API, the per-model board ranks with the
// groups of rows not distinguishable and the legend, a key can be picked, everything works without JavaScript and in Japanese.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const shotsDir = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';
mkdirSync(shotsDir, { recursive: true });

interface Curve { model: { id: string; label: string }; points: { step: number; servers: number; toolsShown: number; selectionAcc: { value: number | null; numerator: number; denominator: number } }[] }

/** The seed's evaluations run in the service's workers: wait until the baseline's curve has every step. */
async function curve(page: Page): Promise<{ curve: Curve[]; suite: { steps: string[][] } }> {
  for (let i = 0; i < 240; i++) {
    const board = (await (await page.request.get('/v1/leaderboards/models')).json()) as { curve: Curve[]; suite: { steps: string[][]; servers: { id: string | null }[] } };
    const servers = board.suite.servers.filter((s) => s.id !== null).length;
    // Every step, each over every suite server (a step still running pools fewer servers).
    if (board.curve[0] && board.curve[0].points.length === board.suite.steps.length && board.curve[0].points.every((p) => p.servers === servers)) return board;
    await page.waitForTimeout(500);
  }
  throw new Error('the seeded baseline curve never completed');
}

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);

test('the models leaderboard: the baseline a labelled row, the chart with one line per model, the table of its numbers', async ({ page }) => {
  const api = await curve(page);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Models' }).click();
  await expect(page).toHaveURL(/\/models$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Models leaderboard');
  await expect(page.getByText(/Suite toolmark-public v2: 5 public servers, hand-written requests/)).toBeVisible();
  const row = page.locator('table.model-board tbody tr[data-model="lexical/baseline"]');
  await expect(row).toContainText('baseline, not a model');
  await expect(row.locator('svg.ratebar')).toHaveCount(1);
  // One series per model with curve points, one mark per point.
  const chart = page.locator('figure.accuracy-chart svg[role="img"]');
  await expect(chart.locator('title')).toHaveText('Accuracy against the number of tools shown');
  await expect(chart.locator('g.series')).toHaveCount(api.curve.length);
  await expect(chart.locator('g.series[data-model="lexical/baseline"] .mark')).toHaveCount(api.suite.steps.length);
  await expect(chart.locator('desc')).toContainText('Lexical baseline');
  // The table under the chart says the same numbers as the API.
  for (const p of api.curve[0]!.points) {
    const tr = page.locator(`table.curve-table tr[data-model="lexical/baseline"][data-step="${p.step}"]`);
    await expect(tr.locator('td.num')).toHaveText(p.toolsShown.toFixed(1));
    await expect(tr.locator('td.acc')).toContainText(pct(p.selectionAcc.value));
    await expect(tr.locator('td.acc')).toContainText(`${p.selectionAcc.numerator} of ${p.selectionAcc.denominator}`);
  }
  // Another step of the suite ranks at that step (a GET form).
  await page.getByLabel('Distractor sets shown with each server').selectOption('2');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/step=2/);
  await expect(page.locator('#ranking-h')).toContainText('filesystem + memory');
  await expect(row.locator('td').last()).toHaveText('5');
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/models');
    await page.screenshot({ path: `${shotsDir}/models-${width}.png`, fullPage: true });
  }
});

test('the leaderboard per model: servers ranked with intervals, the "not distinguishable" mark, the baseline said plainly', async ({ page }) => {
  await curve(page);
  await page.goto('/models');
  await page.locator('table.model-board tbody tr[data-model="lexical/baseline"] a').first().click();
  await expect(page).toHaveURL(/\/models\/lexical\/baseline$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Lexical baseline');
  await expect(page.locator('.baseline-board')).toContainText("These are the lexical baseline's numbers, not a model's");
  const api = (await (await page.request.get('/v1/leaderboards/evaluations?model=lexical/baseline')).json()) as { comparabilityKey: string; items: { server: { slug: string }; distinguishable: boolean; group: number | null; rank: number; selectionAcc: { value: number; ci95: [number, number] | null } }[] };
  await expect(page.locator('.key code')).toHaveText(api.comparabilityKey);
  const rows = page.locator('table.model-board tbody tr');
  await expect(rows).toHaveCount(api.items.length);
  for (const [i, item] of api.items.entries()) {
    const tr = rows.nth(i);
    await expect(tr).toHaveAttribute('data-server', item.server.slug);
    await expect(tr.locator('.rate-cell').first()).toContainText(pct(item.selectionAcc.value));
    // Rows are shown in the API's groups (not distinguishable from the group's first row), not chained row to row.
    const size = item.group === null ? 0 : api.items.filter((x) => x.group === item.group).length;
    await expect(tr.locator('.same-text')).toHaveCount(size > 1 ? 1 : 0);
    if (size > 1) await expect(tr.locator('.same-text')).toHaveText(`≈ group ${item.group}: ${size} not distinguishable`);
    const first = api.items.find((x) => x.group === item.group)!;
    if (item.group !== null && first !== item) expect(item.selectionAcc.ci95![1], `${item.server.slug} overlaps its group's first row`).toBeGreaterThanOrEqual(first.selectionAcc.ci95![0]);
  }
  expect(api.items.some((i) => !i.distinguishable), 'the seeded board has a pair that cannot be told apart').toBe(true);
  expect(api.items.some((i) => i.group !== null && api.items.filter((x) => x.group === i.group).length > 1), 'so it has a group of more than one row').toBe(true);
  await expect(page.locator('#legend')).toContainText('not distinguishable');
  // Settings: a distractor set by its checkbox (a GET form).
  await page.getByRole('checkbox', { name: /memory/ }).check();
  await page.getByRole('button', { name: 'Show' }).click();
  // The submitted form is answered with the short, shareable link.
  await expect(page).toHaveURL(/\/models\/lexical\/baseline\?distractors=memory$/);
  await expect(rows).toHaveCount(5);
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/models/lexical/baseline');
    await page.screenshot({ path: `${shotsDir}/model-board-${width}.png`, fullPage: true });
  }
});

test('picking a comparability key: an unknown one falls back to the default and says so; the API lists every key', async ({ page }) => {
  await curve(page);
  const api = (await (await page.request.get('/v1/leaderboards/evaluations?model=lexical/baseline')).json()) as { keys: { key: string; selected: boolean }[]; comparabilityKey: string };
  expect(api.keys.find((k) => k.selected)?.key).toBe(api.comparabilityKey);
  await page.goto(`/models/lexical/baseline?key=${api.comparabilityKey}`);
  await expect(page.locator('.key code')).toHaveText(api.comparabilityKey);
  await page.goto(`/models/lexical/baseline?key=cmp1:${'0'.repeat(32)}`);
  await expect(page.locator('p.error')).toContainText('That comparability key has no runs with these settings');
  await expect(page.locator('.key code')).toHaveText(api.comparabilityKey);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('both pages render, the forms work, the model picker goes to that model\'s page', async ({ page }) => {
    await curve(page);
    await page.goto('/models?step=1');
    await expect(page.locator('figure.accuracy-chart svg g.series').first()).toBeVisible();
    await expect(page.locator('#ranking-h')).toContainText('memory');
    await page.goto('/models/lexical/baseline');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/models\/lexical\/baseline\?language=ja$/);
    await expect(page.getByText('No public server has a finished evaluation of this model with these settings.')).toBeVisible();
    // The model select sends model=…: answered with a redirect to that model's own path.
    await page.goto('/models/lexical/baseline?model=openai/gpt-4.1-mini');
    await expect(page).toHaveURL(/\/models\/openai\/gpt-4\.1-mini$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('openai/gpt-4.1-mini');
  });
});

test('in Japanese under /ja/', async ({ page }) => {
  await curve(page);
  await page.goto('/ja/models');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('モデルのランキング');
  await expect(page.locator('table.model-board tbody tr[data-model="lexical/baseline"]')).toContainText('ベースライン（モデルではない）');
  await expect(page.locator('figure.accuracy-chart svg title')).toHaveText('見せたツール数に対する精度');
  await page.locator('table.model-board tbody tr[data-model="lexical/baseline"] a').first().click();
  await expect(page).toHaveURL(/\/ja\/models\/lexical\/baseline$/);
  await expect(page.locator('.baseline-board')).toContainText('字句ベースラインの数値');
});
