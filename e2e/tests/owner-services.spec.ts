import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

/**
 * Owner console: pause a catalogue service and activate it again (buttons follow allowed_actions), create an
 * app service and see its client secret once; a look at the template screens. Screenshots at desktop and phone.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-d1';
mkdirSync(SHOTS_DIR, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  // A real wait, not an absence check: drawers, dialogs and toasts finish their transitions before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 800 }] as const) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the owner pauses a service and activates it again', async ({ page }) => {
      await signIn(page, 'owner');
      await page.goto('/admin/services');
      await waitForShell(page);
      await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
      await page.getByLabel('Search by name or key').fill('shelfpoint');
      const actions = page.getByRole('group', { name: 'Actions for Shelfpoint' });
      await expect(actions.getByRole('button', { name: 'Pause: Shelfpoint' })).toBeVisible();
      await expect(actions.getByRole('button', { name: 'Activate: Shelfpoint', exact: true })).toHaveCount(0);
      await shot(page, 'services-list');

      await actions.getByRole('button', { name: 'Pause: Shelfpoint' }).click();
      await expect(page.getByText('Shelfpoint paused')).toBeVisible();
      await expect(actions.getByRole('button', { name: 'Activate: Shelfpoint', exact: true })).toBeVisible();
      await expect(actions.getByRole('button', { name: 'Pause: Shelfpoint' })).toHaveCount(0);
      await expect(page.getByRole('row').filter({ hasText: 'Shelfpoint' }).getByText('Paused', { exact: true })).toBeVisible();
      await shot(page, 'services-paused');

      // By keyboard: focus the button and press Enter.
      await actions.getByRole('button', { name: 'Activate: Shelfpoint', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Shelfpoint activated')).toBeVisible();
      await expect(actions.getByRole('button', { name: 'Pause: Shelfpoint' })).toBeVisible();

      await actions.getByRole('button', { name: 'Edit: Shelfpoint' }).click();
      await expect(page).toHaveURL(/\/admin\/services\/[0-9a-f-]+\/edit$/);
      await expect(page.getByRole('heading', { name: 'Edit service' })).toBeVisible();
      await expect(page.getByLabel(/^Key/)).toHaveValue('shelfpoint');
      await shot(page, 'service-edit');
      await page.goto('/admin/services/create');
      await expect(page.getByRole('heading', { name: 'New service' })).toBeVisible();
      await page.getByRole('button', { name: 'Create service' }).click();
      await expect(page.getByText('The name is required')).toBeVisible();
      await shot(page, 'service-create');
    });

    test('the owner creates an app service and sees its secret once', async ({ page }) => {
      const name = `Warehouse bridge ${viewport.width}-${Date.now().toString(36)}`;
      await signIn(page, 'owner');
      await page.goto('/app-services');
      await waitForShell(page);
      await expect(page.getByRole('heading', { name: 'App services', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'New app service' }).click();
      const dialog = page.getByRole('dialog', { name: 'New app service' });
      await dialog.getByLabel(/^Name/).fill(name);
      await dialog.getByLabel(/^Redirect URIs/).fill('https://bridge.example.com/callback');
      await shot(page, 'app-service-create');
      await dialog.getByRole('button', { name: 'Create app service' }).click();

      const shown = page.getByRole('dialog', { name: 'Client credentials' });
      const secret = await shown.getByLabel('Client secret').inputValue();
      expect(secret).toMatch(/^ocs_[\w-]{40,}$/);
      await expect(shown.getByText(/shown only once/)).toBeVisible();
      await shot(page, 'app-service-secret');
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(shown).toHaveCount(0);

      // Listed with its hint, never the secret itself.
      await page.getByLabel('Search by name or client id').fill(name);
      await expect(page.getByText(name)).toBeVisible();
      await expect(page.getByText(`Secret ending in …${secret.slice(-4)}`)).toBeVisible();
      await expect(page.locator(`text=${secret}`)).toHaveCount(0);
      await page.reload();
      await waitForShell(page);
      await expect(page.locator(`text=${secret}`)).toHaveCount(0);
      await shot(page, 'app-services-list');
    });

    test('the template screens list the default rule template and its flow', async ({ page }) => {
      await signIn(page, 'owner');
      await page.goto('/rules/templates');
      await waitForShell(page);
      await expect(page.getByRole('heading', { name: 'Rule templates', level: 1 })).toBeVisible();
      await expect(page.getByText('Default before import order')).toBeVisible();
      await shot(page, 'rule-templates');
      await page.getByRole('button', { name: 'Edit: Default before import order' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit rule template' });
      await expect(dialog.getByRole('list', { name: 'Nodes' }).getByText('Select inventory location')).toBeVisible();
      await shot(page, 'rule-template-edit');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/mapper/templates');
      await expect(page.getByRole('heading', { name: 'Mapper templates', level: 1 })).toBeVisible();
      await expect(page.getByText('No mapper templates yet.')).toBeVisible();
      await page.getByRole('button', { name: 'New mapper template' }).click();
      await shot(page, 'mapper-template-create');
    });
  });
}
