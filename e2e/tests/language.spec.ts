import { readFileSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

/** Hebrew's shell strings, from the translation the app loads (src/locales/he/common.json). */
const HE = JSON.parse(readFileSync(new URL('../../apps/web/src/locales/he/common.json', import.meta.url), 'utf8')) as {
  layout: { mainNavigation: string; changeLanguage: string; customizer: string };
  customizer: { title: string; routerAnimation: string };
};

test('switching to Spanish changes the layout strings, and back', async ({ page }) => {
  await signIn(page, 'tenant');
  await waitForShell(page);
  await page.getByRole('button', { name: /Change language/ }).click();
  await page.getByRole('menuitem', { name: /Español/ }).click();

  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Pedidos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // The choice is stored on the user: it survives a reload.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();

  await page.getByRole('button', { name: /Cambiar idioma/ }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Orders' })).toBeVisible();
});

/** Left and right edges of an element, in CSS pixels of the 1280-wide viewport. */
async function edges(locator: Locator): Promise<{ left: number; right: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element is not visible');
  return { left: Math.round(box.x), right: Math.round(box.x + box.width) };
}

test('Hebrew switches the layout to right-to-left', async ({ page }) => {
  await signIn(page, 'supplier');
  await waitForShell(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const width = page.viewportSize()?.width ?? 1280;
  expect((await edges(nav)).left).toBe(0);

  await page.getByRole('button', { name: /Change language/ }).click();
  await page.getByRole('menuitem', { name: /עברית/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // In Hebrew's own words now (issue 24), and MUI's CSS is mirrored (RTL stylesheet plugin): the sidebar sits on
  // the right, the customizer opens on the left.
  const heNav = page.getByRole('navigation', { name: HE.layout.mainNavigation });
  await expect(heNav).toBeVisible();
  await expect.poll(async () => (await edges(heNav)).right).toBe(width);
  await page.getByRole('button', { name: HE.layout.customizer }).click();
  const customizer = page.getByRole('heading', { name: HE.customizer.title });
  await expect(customizer).toBeVisible();
  await expect.poll(async () => (await edges(customizer)).left).toBeLessThan(width / 2);
  // An outlined field's label sits at its right (start) edge, not where left-to-right CSS would put it.
  const field = await edges(page.getByRole('combobox', { name: HE.customizer.routerAnimation }));
  const label = await edges(page.locator('label', { hasText: HE.customizer.routerAnimation }));
  expect(field.right - label.right).toBeLessThan(40);
  await page.keyboard.press('Escape');
  await expect(customizer).toBeHidden();

  await page.getByRole('button', { name: new RegExp(HE.layout.changeLanguage) }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect.poll(async () => (await edges(nav)).left).toBe(0);
});
