// Watching a server from its page (issue 30): the Atom feed anyone can follow, and a maintainer's webhooks
// — added with the signing secret shown once, listed with their deliveries, deleted — in English and Japanese.
import { expect, test } from '@playwright/test';
import { TWO_VERSIONS } from './fixtures';
import { signIn } from './session';

const auth = () => ({ authorization: `Bearer ${process.env.E2E_ADMIN_KEY!}` });

test('a server page leads to its watch page: the feed, then webhooks once signed in', async ({ page, request }) => {
  const res = await request.post('/v1/servers', { headers: auth(), data: { name: 'Watched from the site', public: true, source: { kind: 'upload', tools: { tools: TWO_VERSIONS[0] } } } });
  expect(res.status(), await res.text()).toBe(202);
  const { server } = (await res.json()) as { server: { slug: string } };

  await page.goto(`/servers/${server.slug}`);
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', `/v1/servers/${server.slug}/feed.atom`);
  await page.getByTestId('watch').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Watch');
  const feed = await request.get(`/v1/servers/${server.slug}/feed.atom`);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/atom+xml');
  expect(await feed.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  await expect(page.getByText('Sign in with a key of your organisation')).toBeVisible();

  await signIn(page);
  await page.goto(`/servers/${server.slug}/watch`);
  await expect(page.getByText('No webhooks yet.')).toBeVisible();
  // A private address is refused with the API's message, naming the field.
  await page.getByLabel(/Webhook URL/).fill('http://127.0.0.1:9/hook');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByRole('alert')).toContainText('url:');
  await page.getByLabel(/Webhook URL/).fill('https://93.184.216.34/toolmark');
  await page.getByRole('checkbox', { name: 'capture working again' }).uncheck();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByTestId('secret')).toContainText(/whsec_[A-Za-z0-9+/]{43}=/);
  const hook = page.getByTestId('webhook');
  await expect(hook).toHaveCount(1);
  await expect(hook).toContainText('https://93.184.216.34/toolmark');
  await expect(hook).toContainText('new security finding');
  await expect(hook).not.toContainText('capture working again');
  await expect(hook).toContainText('Nothing delivered yet.');
  // Reloaded, the secret is gone for good.
  await page.reload();
  await expect(page.getByTestId('secret')).toHaveCount(0);

  await page.goto(`/ja/servers/${server.slug}/watch`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ウォッチ');
  await expect(page.getByTestId('webhook')).toContainText('新しいセキュリティ指摘');

  await page.goto(`/servers/${server.slug}/watch`);
  await page.getByTestId('webhook').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Webhook deleted.')).toBeVisible();
  await expect(page.getByTestId('webhook')).toHaveCount(0);
});
