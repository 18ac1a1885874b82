// The public site without JavaScript, end to end, in Debian's Chromium, against the real server on a real
// PostgreSQL (split from site.spec.ts): pages render on the server, forms work as plain forms, and the
// progress page refreshes itself.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { signIn } from './session';

const shots = 'test-results/screenshots';
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('main pages render, forms work, progress refreshes itself', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.locator('table.board tbody tr').first()).toBeVisible();
    // The board opens with no sort named; a search typed there keeps it so (the form sends `sort=` empty,
    // never `score`), so the search is sorted by relevance, and the caption says so.
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('');
    await page.getByLabel('Search servers and tools').fill('memory');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('table.board tbody tr')).toHaveCount(1);
    expect(new URL(page.url()).searchParams.get('q')).toBe('memory');
    expect(new URL(page.url()).searchParams.get('sort') ?? '').toBe('');
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Sort by', { exact: true }).locator('option[value="relevance"]')).toHaveText('relevance to the search');
    await expect(page.getByTestId('by-relevance')).toContainText('best match first');
    await page.locator('table.board tbody tr a').first().click();
    await expect(page.getByTestId('tool-card').first()).toBeVisible();
    // Rows open without JavaScript (details/summary), and the tool table sorts on the server.
    await page.getByTestId('tool-card').first().locator('summary').click();
    await expect(page.getByTestId('tool-card').first().locator('.cats')).toBeVisible();
    await page.getByRole('link', { name: 'token cost' }).click();
    await expect(page).toHaveURL(/tsort=tokens&tdir=desc/);
    const tokens = (await page.getByTestId('tool-card').locator('summary .t-tokens').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
    expect(tokens).toEqual([...tokens].sort((a, b) => b - a));
    await expect(page.locator('figure.chart svg')).toBeVisible();
    await shot(page, 'server-nojs');
    await page.goto('/findings');
    // Every code the latest rules document (GET /v1/rules/latest), as the JavaScript test counts them.
    const latestRules = (await (await page.request.get('/v1/rules/latest')).json()) as { findings: unknown[] };
    await expect(page.locator('article.code-doc')).toHaveCount(latestRules.findings.length);
    await page.getByRole('button', { name: '日本語' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('指摘コード');
    await page.getByRole('button', { name: 'English' }).click();
    await signIn(page);
    expect((await context.cookies()).some((c) => c.name === 'tm_session')).toBe(true);
    await page.goto(`/servers/${process.env.E2E_TWO_ID}/progress`);
    await expect(page.getByTestId('progress-state')).toHaveAttribute('data-state', 'scored');
    await page.goto('/docs/api');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('API reference');
  });
});
