// A screenshot of a page of a running toolmark, in Debian's Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium) through playwright-core: the docs' screenshots (docs/screenshots/) are made with it.
//
//   node server/scripts/screenshot.mjs --url 'http://127.0.0.1:3000/?q=browser' --width 1280 --height 1100 --out docs/screenshots/i27-search-1280.png
//   (the page's top `height` pixels at a viewport `width` wide; a phone width gets a phone's scale and touch)
import process from 'node:process';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values } = parseArgs({ options: { url: { type: 'string' }, width: { type: 'string', default: '1280' }, height: { type: 'string', default: '1100' }, out: { type: 'string' } } });
if (!values.url || !values.out) throw new Error('--url and --out are required');
const width = Number(values.width);
const height = Number(values.height);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const phone = width < 600;
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1, isMobile: phone, hasTouch: phone });
  await page.goto(values.url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: values.out, clip: { x: 0, y: 0, width, height } });
  process.stdout.write(`${values.out}: ${width}×${height} of ${values.url}\n`);
} finally {
  await browser.close();
}
