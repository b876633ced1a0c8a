import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, signIn } from './helpers';

/**
 * Issue 24: every language the app offers renders the orders list in its own words, with no raw key. Runs on the
 * second server of playwright.config.ts (the demo business), so the list holds real orders. A language other than
 * English or Spanish is the browser's choice (stored locally), so setting it and reloading is what a user's
 * next visit does. Screenshots of he, ar, zh and ja: /tmp/language-<lang>-orders.png.
 */

const PORT = Number(process.env.E2E_PORT ?? 4173) + 100;
test.use({ baseURL: `http://127.0.0.1:${PORT}` });
const SHOTS = process.env.FIRST_RUN_SCREENSHOTS ?? '/tmp';
const LOCALES = fileURLToPath(new URL('../../apps/web/src/locales/', import.meta.url));
const LANGUAGES = ['fr', 'de', 'it', 'ru', 'he', 'ar', 'zh', 'ja', 'hu', 'ko'] as const;
const SCRIPT: Partial<Record<(typeof LANGUAGES)[number], RegExp>> = {
  ru: /[\u0400-\u04FF]/, he: /[\u0590-\u05FF]/, ar: /[\u0600-\u06FF]/, zh: /[\u4E00-\u9FFF]/, ja: /[\u3040-\u30FF\u4E00-\u9FFF]/, ko: /[\uAC00-\uD7AF]/,
};

type Tree = { [key: string]: string | Tree };
const bundle = (language: string, ns: string): Tree => JSON.parse(readFileSync(`${LOCALES}${language}/${ns}.json`, 'utf8')) as Tree;
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`.replace(/_(zero|one|two|few|many|other)$/, '')] : keys(v, `${prefix}${k}.`)));
}

test.describe('every language on the orders list', () => {
  test.setTimeout(240_000);

  test('renders the orders list in each language, right-to-left for he and ar, without a raw key', async ({ page }) => {
    await signIn(page, 'tenant');
    // The raw keys a missing string would show: every key of the shell's and the orders screen's namespaces.
    const rawKeys = [...new Set([...keys(bundle('fr', 'common')), ...keys(bundle('fr', 'orders'))])].filter((k) => k.includes('.'));

    for (const language of LANGUAGES) {
      await page.evaluate((l) => window.localStorage.setItem('locale', l), language);
      await page.goto('/orders');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'he' || language === 'ar' ? 'rtl' : 'ltr');
      const title = (bundle(language, 'orders').list as Tree).title as string;
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const grid = page.getByRole('grid').first();
      await expect.poll(async () => (await grid.getByRole('row').count()) - 1, { message: `${language}: orders listed`, timeout: 30_000 }).toBeGreaterThan(3);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const text = await page.locator('body').innerText();
      expect(rawKeys.filter((k) => text.includes(k)), `${language}: raw keys on the page`).toEqual([]);
      const script = SCRIPT[language];
      if (script) expect(text, `${language}: its own script`).toMatch(script);
      // The main navigation is translated too: its accessible name is not the English one.
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
      if (['he', 'ar', 'zh', 'ja'].includes(language)) await page.screenshot({ path: `${SHOTS}/language-${language}-orders.png` });
    }
    await page.evaluate(() => window.localStorage.setItem('locale', 'en'));
  });

  test('on a phone, Arabic reads right to left without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'tenant');
    await page.evaluate(() => window.localStorage.setItem('locale', 'ar'));
    await page.goto('/orders');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: (bundle('ar', 'orders').list as Tree).title as string })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/language-ar-orders-390.png` });
    await page.evaluate(() => window.localStorage.setItem('locale', 'en'));
  });
});
