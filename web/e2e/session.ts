// What several specs share: signing in with a key, and a guard that records any dialog (an injected alert
// would open one) or uncaught page error.
import { expect, type Page } from '@playwright/test';

/** Sign in on the site with an API key (the admin key of the e2e organisation by default). */
export async function signIn(page: Page, key: string = process.env.E2E_ADMIN_KEY!): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your organisation');
}

/** Fail the test on any dialog (an injected alert would open one) and on any uncaught page error. */
export function guard(page: Page): string[] {
  const problems: string[] = [];
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return problems;
}
