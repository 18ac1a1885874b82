// Every page of the site at phone width: nothing wider than the viewport (no sideways scrolling). The list of
// pages is read from src/routes, so a page added without an entry here fails this test.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './session';

const routesDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'routes');
// Screenshots for a person to look at (before/after a layout change): E2E_SHOTS_DIR, or the usual folder.
const shotsDir = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';
const shotsTag = process.env.E2E_SHOTS_TAG ?? 'phone';
mkdirSync(shotsDir, { recursive: true });

/** Route folders (relative to src/routes, '' for the root) that have a +page.svelte. */
function pageRoutes(dir = routesDir): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...pageRoutes(path));
    else if (name === '+page.svelte') found.push(relative(routesDir, dir));
  }
  return found.sort();
}

/** The id of a seeded server by its exact name. */
async function serverId(page: Page, name: string): Promise<string> {
  const list = (await (await page.request.get(`/v1/servers?q=${encodeURIComponent(name)}`)).json()) as { items: { id: string; name: string }[] };
  const found = list.items.find((s) => s.name === name);
  if (!found) throw new Error(`no seeded server named ${name}`);
  return found.id;
}

/** How wide the document is against the viewport, and the widest element sticking out (to say what to fix). */
async function overflow(page: Page): Promise<{ scrollWidth: number; viewport: number; culprit: string | null }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    let culprit: string | null = null;
    let widest = viewport;
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.right > widest + 0.5) {
        widest = r.right;
        culprit = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} right=${Math.round(r.right)}`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, viewport, culprit };
  });
}

for (const width of [360, 390]) {
  test.describe(`phone ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });

    test('every page fits the screen: no horizontal scrolling', async ({ page }) => {
      const many = await serverId(page, 'firecrawl-mcp');
      const two = process.env.E2E_TWO_ID!;
      const versions = (await (await page.request.get(`/v1/servers/${two}`)).json()) as { versions: { id: string }[] };
      // The seed's baseline evaluation of a many-tool server (created at start, public).
      const evaluations = (await (await page.request.get(`/v1/servers/${many}/evaluations`)).json()) as { items: { id: string }[] };
      const ev = evaluations.items[0]?.id;
      if (!ev) throw new Error('the seed made no evaluation of firecrawl-mcp');
      // One concrete URL (or several) per route folder; signed-in pages after signing in.
      const urls: Record<string, { paths: string[]; signedIn?: boolean }> = {
        '': { paths: ['/', '/?sort=tokens&order=asc', '/?sort=usage&order=desc', '/?q=no-such-server', '/ja'] },
        findings: { paths: ['/findings', '/ja/findings'] },
        datasets: { paths: ['/datasets', '/ja/datasets'] },
        methodology: { paths: ['/methodology', '/ja/methodology'] },
        models: { paths: ['/models', '/models?step=3', '/ja/models'] },
        'models/[...model]': { paths: ['/models/lexical/baseline', '/models/lexical/baseline?distractors=memory', '/ja/models/lexical/baseline'] },
        submit: { paths: ['/submit'], signedIn: true },
        signin: { paths: ['/signin'] },
        account: { paths: ['/account'], signedIn: true },
        docs: { paths: ['/docs'] },
        'docs/api': { paths: ['/docs/api', '/ja/docs/api'] },
        'docs/quick-start': { paths: ['/docs/quick-start'] },
        'docs/scoring': { paths: ['/docs/scoring'] },
        'docs/changelog': { paths: ['/docs/changelog'] },
        'servers/[id]': { paths: [`/servers/${many}`, `/servers/${process.env.E2E_HOSTILE_ID}`, `/servers/${two}`, `/ja/servers/${many}`, `/ja/servers/${process.env.E2E_POISONED_ID}`] },
        'servers/[id]/diff': { paths: [`/servers/${two}/diff?from=${versions.versions[1]!.id}&to=${versions.versions[0]!.id}`] },
        'servers/[id]/progress': { paths: [`/servers/${two}/progress`] },
        'servers/[id]/edit': { paths: [`/servers/${two}/edit`], signedIn: true },
        'servers/[id]/watch': { paths: [`/servers/${two}/watch`, `/ja/servers/${two}/watch`], signedIn: true },
        'evaluations/new': { paths: [`/evaluations/new?server=${two}`, `/ja/evaluations/new?server=${two}`], signedIn: true },
        'evaluations/[id]': { paths: [`/evaluations/${ev}`, `/evaluations/${ev}?tools=all`, `/ja/evaluations/${ev}`] },
        'evaluations/[id]/cases': { paths: [`/evaluations/${ev}/cases`, `/evaluations/${ev}/cases?missed=any`, `/ja/evaluations/${ev}/cases`], signedIn: true },
      };
      const routes = pageRoutes();
      expect(routes.filter((r) => !(r in urls)), 'route folders without a URL in this test').toEqual([]);
      const visit = async (path: string) => {
        const res = await page.goto(path);
        expect(res?.status(), path).toBeLessThan(400);
        const o = await overflow(page);
        expect(o.scrollWidth, `${path} at ${width} px: ${o.culprit ?? ''}`).toBeLessThanOrEqual(o.viewport);
      };
      for (const route of routes.filter((r) => !urls[r]!.signedIn)) for (const path of urls[route]!.paths) await visit(path);
      // The error page too.
      await page.goto('/servers/00000000-0000-4000-8000-000000000000');
      expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(width);
      await signIn(page);
      for (const route of routes.filter((r) => urls[r]!.signedIn)) for (const path of urls[route]!.paths) await visit(path);
    });

    test('the leaderboard shows rank, server, score and band on each row without scrolling', async ({ page }) => {
      await page.goto('/');
      const row = page.locator('table.board tbody tr').first();
      for (const part of [row.locator('.rank-cell'), row.locator('.server-cell > a'), row.locator('.score-cell strong'), row.locator('.score-cell .band')]) {
        await expect(part).toBeVisible();
        const box = (await part.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
    });
  });
}

test.describe('screenshots', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('leaderboard and a server page at 390 px, the server page at 1280 px', async ({ page }) => {
    await page.goto('/');
    await page.screenshot({ path: `${shotsDir}/leaderboard-390-${shotsTag}.png` });
    await page.locator('table.board').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shotsDir}/leaderboard-390-rows-${shotsTag}.png` });
    await page.goto(`/servers/${await serverId(page, 'firecrawl-mcp')}`);
    await page.screenshot({ path: `${shotsDir}/server-390-${shotsTag}.png` });
    await page.screenshot({ path: `${shotsDir}/server-390-full-${shotsTag}.png`, fullPage: true });
    if (await page.locator('#tools-h').count()) {
      await page.locator('#tools-h').evaluate((el) => el.scrollIntoView());
      await page.screenshot({ path: `${shotsDir}/server-390-tools-${shotsTag}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await page.screenshot({ path: `${shotsDir}/server-1280-${shotsTag}.png` });
    await page.screenshot({ path: `${shotsDir}/server-1280-full-${shotsTag}.png`, fullPage: true });
  });
});
