// The server page's reported failures: the 3-organisation rule as a visitor sees it, predicted and
// reported confusions side by side, hostile tool names and utterances inert, utterances only for the
// server's organisation, and turning one into a private case with a plain form (no JavaScript).
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { guard, signIn } from './session';

const shots = 'test-results/screenshots';
mkdirSync(shots, { recursive: true });
const hostile = () => `/servers/${process.env.E2E_HOSTILE_ID}`;

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

test('a visitor sees the confusions of three organisations beside the linter’s pairs, hostile names as text, and no utterance', async ({ page }) => {
  const problems = guard(page);
  await page.goto(hostile());
  await page.waitForLoadState('networkidle');
  const panel = page.getByTestId('failures');
  await expect(panel.getByRole('heading', { level: 2, name: 'Reported failures' })).toBeVisible();
  // Two confusions of three organisations each; the missed call of one organisation is counted, not shown.
  await expect(panel.getByTestId('confusion')).toHaveCount(2);
  await expect(panel.getByTestId('failures-hidden')).toContainText('1 confusion was reported by fewer than 3 organisations');
  await expect(panel.getByTestId('confusion').first()).toContainText('3 reports from 3 organisations');
  await expect(panel.getByTestId('compare-reported')).toContainText('list_notes ↔ read_notes');
  await expect(panel.getByTestId('compare-both')).toContainText('None.');
  // The hostile tool name is text, its bidi override shown as a marker.
  await expect(panel).toContainText(`<img src=x onerror="window.__pwned='name'"><U+202E>evil`);
  await expect(panel.locator('mark.invisible-char').first()).toHaveText('<U+202E>');
  expect(await page.locator('main').innerHTML()).not.toContain('<img src="x"');
  // Nobody but the server's organisation reads what agents were asked.
  await expect(page.locator('main')).not.toContainText('window.__pwned = "utterance"');
  await expect(panel.getByTestId('utterance')).toHaveCount(0);
  expect(await pwned(page)).toBeUndefined();
  expect(problems).toEqual([]);
  await panel.screenshot({ path: `${shots}/failures-visitor.png` });
  await page.setViewportSize({ width: 360, height: 800 });
  await panel.screenshot({ path: `${shots}/failures-visitor-360.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto(`/ja${hostile()}`);
  await expect(page.getByTestId('failures').getByRole('heading', { level: 2 })).toHaveText('報告された失敗');
  await expect(page.getByTestId('failures')).toContainText('3 組織から 3 件');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server’s organisation sees its utterances as inert text and turns one into a private case with the form', async ({ page }) => {
    const problems = guard(page);
    await signIn(page);
    await page.goto(hostile());
    const panel = page.getByTestId('failures');
    const utterance = panel.getByTestId('utterance');
    await expect(utterance).toHaveCount(1);
    await expect(utterance).toContainText(`<script>window.__pwned = "utterance"</script><img src=x onerror="window.__pwned='u'"> please <U+202E>reverse<U+202C> my notes`);
    await expect(panel.getByTestId('confusion')).toHaveCount(3);
    await expect(panel.getByTestId('confusion').filter({ hasText: 'not public' })).toHaveCount(1);
    await expect(panel.getByTestId('case-count')).toHaveText('0 cases in your private task set.');
    await panel.screenshot({ path: `${shots}/failures-owner.png` });
    await utterance.getByRole('checkbox').check();
    await panel.getByRole('button', { name: 'Add to the private task set' }).click();
    await expect(page.getByTestId('cases-added')).toHaveText('Added 1 case.');
    await page.goto(hostile());
    await expect(page.getByTestId('case-count')).toHaveText('1 case in your private task set.');
    await expect(page.getByTestId('utterance')).toContainText('in the task set');
    await expect(page.getByTestId('utterance').getByRole('checkbox')).toBeDisabled();
    expect(problems).toEqual([]);
  });
});
