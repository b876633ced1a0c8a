import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { signIn, waitForShell } from './helpers';

/**
 * Product images (tenant mediables): open a product, upload a PNG from the keyboard, see its
 * thumbnail (fetched with the bearer token and shown through an object URL), remove it.
 */

const RUN = Date.now().toString(36).toUpperCase();
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp';

/** A real PNG: a coloured square with a white diagonal, so the screenshot shows it is the picture. */
function png(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: size }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: size }, (_, x) => (Math.abs(x - y) < 3 ? [255, 255, 255] : rgb)).flat()]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A product made through the API with the signed-in user's token (the images are what this test is about). */
async function createProduct(page: Page, name: string): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
  const res = await page.request.post('/api/1.0/products', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, skus: [{ sku: `IMG-${RUN}`, name: `${name} one size`, type: 'REGULAR' }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

test('product images: upload a PNG, see the thumbnail, remove it', async ({ page }) => {
  await signIn(page, 'tenant');
  const name = `Image tee ${RUN}`;
  const id = await createProduct(page, name);

  await page.goto(`/product/show/${id}`);
  await waitForShell(page);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'Images' });
  await expect(section.getByText('No images yet')).toBeVisible();

  // Upload from the keyboard: the button is a real button, Enter opens the file chooser.
  const upload = section.getByRole('button', { name: 'Upload image' });
  await upload.focus();
  const choosing = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  const chooser = await choosing;
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles({ name: 'red-square.png', mimeType: 'image/png', buffer: png(96, [200, 40, 40]) });
  await expect(page.getByText('Image Saved Successfully.')).toBeVisible();

  const thumbnail = section.getByRole('img', { name: 'red-square.png' });
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  // The object URL really decoded as an image.
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);

  // A second one, to see the grid.
  const again = page.waitForEvent('filechooser');
  await upload.click();
  await (await again).setFiles({ name: 'blue-square.png', mimeType: 'image/png', buffer: png(64, [40, 80, 200]) });
  await expect(section.getByRole('img', { name: 'blue-square.png' })).toBeVisible();

  // A real wait, not an absence check: the image grid finishes its layout before the picture.
  await page.waitForTimeout(300);
  await section.screenshot({ path: `${SHOTS_DIR}/product-images-1280.png` });
  await page.screenshot({ path: `${SHOTS_DIR}/product-images-page-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section.getByRole('img', { name: 'blue-square.png' })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  // A real wait, not an absence check: the image grid finishes its layout before the picture.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS_DIR}/product-images-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Remove, after confirming.
  await section.getByRole('button', { name: 'Remove image red-square.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove image' });
  await expect(dialog).toContainText('red-square.png');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Image Removed Successfully.')).toBeVisible();
  await expect(section.getByRole('img', { name: 'red-square.png' })).toHaveCount(0);
  await expect(section.getByRole('img', { name: 'blue-square.png' })).toBeVisible();

  // After a reload only the second image is there: the removal reached the server.
  await page.reload();
  await waitForShell(page);
  await expect(section.getByRole('img', { name: 'blue-square.png' })).toBeVisible();
  await expect(section.getByRole('img', { name: 'red-square.png' })).toHaveCount(0);
});
