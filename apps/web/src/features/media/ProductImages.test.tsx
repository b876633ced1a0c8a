import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, renderWithProviders } from '../../shared/test/test-utils';
import { page, routeFetch } from '../../shared/test/test-fetch';
import { ProductImages } from './ProductImages';
import type { Media } from './api';

const LIST = '/api/1.0/tenants/c1/mediables';
const media = (id: string, file_name: string, position = 0): Media => ({
  id, tenant_id: 'c1', mediable_type: 'product', mediable_id: 'p1', folder: 'images', file_name, mime_type: 'image/png', size_bytes: 10,
  custom_properties: {}, position, created_by: 'me', created_at: '', updated_at: '', url: `${LIST}/${id}/file`,
});

beforeEach(() => {
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => `blob:thumb-${++n}`), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const show = (permissions: string[], language = 'en') =>
  renderWithProviders(<ProductImages productId="p1" />, { session: fakeSession(permissions, 'tenant'), language });

describe('ProductImages', () => {
  it("lists the product's images as thumbnails fetched as blobs, in the spec's search form", async () => {
    const net = routeFetch([
      ['GET', LIST, [200, page([media('m1', 'front.png'), media('m2', 'back.png', 1)])]],
      ['GET', /\/mediables\/m\d\/file$/, [200, 'PNGBYTES']],
    ]);
    show(['read-product']);
    const list = await screen.findByRole('list', { name: 'Product images' });
    expect(await within(list).findByRole('img', { name: 'front.png' })).toBeTruthy();
    expect((await within(list).findByRole('img', { name: 'back.png' })).getAttribute('src')).toMatch(/^blob:thumb-/);
    const query = net.to('GET', LIST)[0]!.url.searchParams;
    expect(query.get('search')).toBe('mediable_type:product;mediable_id:p1');
    expect(query.get('order_by')).toBe('position');
    expect(net.calls.filter((c) => c.url.pathname.endsWith('/file'))).toHaveLength(2);
    // reading only: no upload, no remove
    expect(screen.queryByRole('button', { name: 'Upload image' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove image/ })).toBeNull();
  });

  it('uploads a chosen image as multipart and says so', async () => {
    let listed: Media[] = [];
    const net = routeFetch([
      ['GET', LIST, () => [200, page(listed)]],
      ['POST', LIST, () => {
        listed = [media('m9', 'new.png')];
        return [201, { data: listed[0] }];
      }],
      ['GET', /\/file$/, [200, 'PNGBYTES']],
    ]);
    show(['read-product', 'update-product']);
    expect(await screen.findByText('No images yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload image' }).tagName).toBe('BUTTON');
    const input = screen.getByTestId('product-image-input') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/webp,image/gif');

    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'new.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Image Saved Successfully.')).toBeTruthy();
    const form = net.to('POST', LIST)[0]!.body as FormData;
    expect([form.get('mediable_type'), form.get('mediable_id'), form.get('folder')]).toEqual(['product', 'p1', 'images']);
    expect((form.get('file') as File).name).toBe('new.png');
    expect(await screen.findByRole('img', { name: 'new.png' })).toBeTruthy();
  });

  it('refuses a non-image or a file over 5 MB before sending it', async () => {
    const net = routeFetch([['GET', LIST, [200, page([])]]]);
    show(['read-product', 'update-product']);
    await screen.findByText('No images yet');
    const input = screen.getByTestId('product-image-input');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('doc.pdf is not a PNG, JPEG, WebP or GIF image.')).toBeTruthy();
    expect(screen.getByText('Error Saving the Image')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' })] } });
    expect(net.to('POST', LIST)).toHaveLength(0);
  });

  it('shows the server refusal of an upload under the spec-style title', async () => {
    routeFetch([
      ['GET', LIST, [200, page([])]],
      ['POST', LIST, [422, { message: 'The file must be a PNG, JPEG, WebP or GIF image', errors: { file: ['x'] } }]],
    ]);
    show(['read-product', 'update-product']);
    await screen.findByText('No images yet');
    fireEvent.change(screen.getByTestId('product-image-input'), { target: { files: [new File(['x'], 'fake.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Error Saving the Image')).toBeTruthy();
    expect(screen.getByText('The file must be a PNG, JPEG, WebP or GIF image')).toBeTruthy();
  });

  it('removes an image after confirmation', async () => {
    let listed = [media('m1', 'front.png')];
    const net = routeFetch([
      ['GET', LIST, () => [200, page(listed)]],
      ['GET', /\/file$/, [200, 'PNGBYTES']],
      ['DELETE', `${LIST}/m1`, () => {
        listed = [];
        return [204, undefined];
      }],
    ]);
    show(['read-product', 'update-product']);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove image front.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove image' });
    expect(within(dialog).getByText('Remove “front.png” from this product? This cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Image Removed Successfully.')).toBeTruthy();
    expect(net.to('DELETE', `${LIST}/m1`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('img', { name: 'front.png' })).toBeNull());
    expect(await screen.findByText('No images yet')).toBeTruthy();
  });

  it('says when the images cannot be loaded, and retries; in Spanish too', async () => {
    const net = routeFetch([['GET', LIST, (_call, nth) => (nth === 0 ? [500, { message: 'Server Error' }] : [200, page([])])]]);
    show(['read-product'], 'es');
    expect(await screen.findByText('Error al cargar las imágenes: Server Error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Aún no hay imágenes')).toBeTruthy();
    expect(net.to('GET', LIST)).toHaveLength(2);
  });
});
