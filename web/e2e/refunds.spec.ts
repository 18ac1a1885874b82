// An incomplete run in Chromium (issue 26): a fake model that answers every other request with a 500 and
// may finish so. Its evaluation page says "answered X / Y" and "incomplete — not ranked", and shows what
// was charged and what was refunded and why; its model's board lists the server without a rank; the
// server's page shows each model's result with counts, intervals and the case set, linked to the cases.
// Each page is looked at at 390 px and 1280 px (screenshots in test-results/screenshots).
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { signIn } from './session';

const shotsDir = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';
mkdirSync(shotsDir, { recursive: true });
const TOOLS = [
  { name: 'find_invoice', description: 'Find an invoice by its number or by the customer name. Returns the invoice with its lines.', inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'Invoice number or customer name.' } }, required: ['query'] } },
  { name: 'send_reminder', description: 'Send a payment reminder email for an unpaid invoice. Returns the time it was sent.', inputSchema: { type: 'object', properties: { invoice: { type: 'string', description: 'The invoice number.' } }, required: ['invoice'] } },
];

interface Run { model: { id: string }; status: string; trials: number; answeredTrials: number; complete: boolean | null; units: number; chargedUnits: number; refundedUnits: number; refunds: { reason: string; trials: number | null; units: number }[] }

test('an incomplete run: answered X / Y, refunded with its reason, unranked on its board, on the server page', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = { authorization: `Bearer ${process.env.E2E_ADMIN_KEY}` };
  const script = { authorization: `Bearer ${process.env.E2E_SCRIPT_KEY}` };
  const registered = await page.request.post('/v1/servers', { headers: admin, data: { name: 'Invoices demo', slug: 'invoices-demo', public: true, source: { kind: 'upload', tools: { tools: TOOLS } } } });
  expect(registered.status(), await registered.text()).toBe(202);
  const serverId = ((await registered.json()) as { server: { id: string } }).server.id;
  const started = await page.request.post(`/v1/servers/${serverId}/evaluations`, { headers: script, data: { models: ['openai/fake-flaky', 'lexical/baseline'] } });
  expect(started.status(), await started.text()).toBe(202);
  const id = ((await started.json()) as { id: string }).id;
  let runs: Run[] = [];
  for (let i = 0; i < 240; i++) {
    const e = (await (await page.request.get(`/v1/evaluations/${id}`)).json()) as { status: string; runs: Run[] };
    runs = e.runs;
    if (e.status === 'done' || e.status === 'failed') break;
    await page.waitForTimeout(500);
  }
  const flaky = runs.find((r) => r.model.id === 'openai/fake-flaky')!;
  expect(flaky.status).toBe('done');
  expect(flaky.complete).toBe(false);
  expect(flaky.refunds.map((r) => r.reason)).toEqual(['provider_error']);
  expect(flaky.chargedUnits).toBe(flaky.units - flaky.refundedUnits);

  // The evaluation page: answered trials, the incomplete mark and note, charged and refunded with the reason.
  await signIn(page, process.env.E2E_SCRIPT_KEY!);
  await page.goto(`/evaluations/${id}`);
  const row = page.locator('[data-testid="run-row"][data-model="openai/fake-flaky"]');
  await expect(row.getByTestId('answered')).toContainText(`${flaky.answeredTrials} / ${flaky.trials}`);
  await expect(row.getByTestId('incomplete')).toHaveText('incomplete — not ranked');
  const baselineRow = page.locator('[data-testid="run-row"][data-model="lexical/baseline"]');
  await expect(baselineRow.getByTestId('incomplete')).toHaveCount(0);
  const section = page.locator('[data-testid="run-result"][data-model="openai/fake-flaky"]');
  await expect(section.getByTestId('incomplete-note')).toContainText(`Answered ${flaky.answeredTrials} / ${flaky.trials} trials: below 95 %`);
  await expect(section.getByTestId('charges')).toContainText(`Charged ${flaky.chargedUnits} of the ${flaky.units} units`);
  await expect(section.locator('[data-testid="refunds"] li[data-reason="provider_error"]')).toContainText(`${flaky.refundedUnits} units refunded for ${flaky.trials - flaky.answeredTrials} trials that ended without a model answer`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shotsDir}/evaluation-incomplete-${width}.png`, fullPage: true });
  }

  // The model's board: the site's per-model page ranks the public suite's hand-written cases only, which this
  // server has none of (it is not a suite server), so its offline run is read from the API board of its
  // setting: listed, without a rank, marked incomplete, with cost and latency.
  const board = (await (await page.request.get('/v1/leaderboards/evaluations?model=openai/fake-flaky&generator=offline&casesPerTool=8')).json()) as {
    items: { server: { slug: string }; rank: number | null; complete: boolean; answeredTrials: number; trials: number; units: number; medianLatencyMs: number | null }[];
  };
  const item = board.items.find((i) => i.server.slug === 'invoices-demo');
  expect(item).toMatchObject({ rank: null, complete: false });
  expect(item!.answeredTrials).toBeLessThan(item!.trials);
  expect(item!.medianLatencyMs).not.toBeNull();

  // The server's page: each model's result with counts and interval, the case set, a link to the cases.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/servers/invoices-demo');
  const panel = page.getByTestId('server-evaluations');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Evaluation results');
  await expect(panel.locator('tr[data-model="openai/fake-flaky"]')).toHaveAttribute('data-complete', 'false');
  await expect(panel.locator('tr[data-model="openai/fake-flaky"]').getByTestId('incomplete')).toBeVisible();
  await expect(panel.locator('tr[data-model="lexical/baseline"]')).toContainText('paraphrases of the tool text');
  await expect(panel.locator('tr[data-model="lexical/baseline"]')).toContainText(/\d+ \/ \d+ · \d+\.\d–\d+\.\d %/);
  await panel.locator('tr[data-model="lexical/baseline"]').getByTestId('server-cases-link').click();
  await expect(page).toHaveURL(new RegExp(`/evaluations/${id}/cases`));
  await page.goto('/servers/invoices-demo');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId('server-evaluations').screenshot({ path: `${shotsDir}/server-evaluations-${width}.png` });
  }
  // The models leaderboard with its new columns.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/models');
  await expect(page.locator('table.model-board thead')).toContainText('Cost');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shotsDir}/models-columns-${width}.png`, fullPage: true });
  }
});
