// The Datasets and Methodology pages, without JavaScript: a card per latest release with what it holds,
// its files, licence, citation and verify command; the validity table (or the plain statement that none
// exists yet), in English and Japanese; screenshots at phone and desktop width.
import { expect, test } from '@playwright/test';

test.use({ javaScriptEnabled: false });

const shotsDir = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';

test('the Datasets page has a card per latest release with files, licence, citation and the verify command (in the instance\'s tarball form: nothing to install)', async ({ page }) => {
  await page.goto('/datasets');
  await expect(page.getByRole('heading', { level: 1, name: 'Datasets' })).toBeVisible();
  const cards = page.locator('article.release');
  expect(await cards.count()).toBeGreaterThanOrEqual(2);
  const first = cards.first();
  await expect(first.getByText('CC-BY-4.0')).toBeVisible();
  await expect(first.getByRole('link', { name: 'servers.parquet' }).or(first.getByRole('link', { name: 'trials.parquet' }))).toBeVisible();
  await expect(first.locator('code', { hasText: /^npx -y http:\/\/127\.0\.0\.1:\d+\/cli\/toolmark\.tgz datasets verify http:\/\/127\.0\.0\.1:\d+\/v1\/datasets\/[a-z0-9-]+$/ })).toBeVisible();
  const manifest = await page.request.get((await first.getByRole('link', { name: 'manifest.json' }).getAttribute('href'))!);
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['repr-digest']).toMatch(/^sha-256=:/);
  await page.goto('/ja/datasets');
  await expect(page.getByRole('heading', { level: 1, name: 'データセット' })).toBeVisible();
});

test('the Methodology page shows the validity table or says there is none, plainly', async ({ page }) => {
  await page.goto('/methodology');
  await expect(page.getByRole('heading', { level: 1, name: 'Methodology' })).toBeVisible();
  const tables = page.locator('section.panel');
  if ((await tables.count()) > 0) {
    await expect(tables.first().getByRole('note')).toContainText('a method, not a result');
    await expect(tables.first().getByText(/It rests on \d+ servers?/)).toBeVisible();
  } else {
    await expect(page.getByText('No evaluation release has been published yet')).toBeVisible();
  }
  await page.goto('/ja/methodology');
  await expect(page.getByRole('heading', { level: 1, name: '方法論' })).toBeVisible();
});

for (const [width, name] of [[360, 'phone'], [1366, 'desktop']] as const) {
  test(`screenshots at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/datasets', '/methodology']) {
      await page.goto(path);
      await page.screenshot({ path: `${shotsDir}/${path.slice(1)}-${name}.png`, fullPage: true });
    }
  });
}
