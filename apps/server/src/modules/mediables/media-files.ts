/** What an uploaded file is, judged by its bytes, and the name it is stored and served under. */

export const MAX_MEDIA_BYTES = 5 * 1024 * 1024;

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];

const EXTENSION: Record<ImageMime, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };
const ALSO: Record<string, ImageMime> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', jpe: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

const ascii = (bytes: Buffer, start: number, text: string) => bytes.subarray(start, start + text.length).toString('latin1') === text;

/**
 * The image type by magic bytes; the declared content type and the file name are never trusted (a
 * script named logo.png is not an image). SVG is deliberately not an image here: it can carry script.
 */
export function sniffImage(bytes: Buffer): ImageMime | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a'))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  return null;
}

const MAX_NAME = 120;

/**
 * A display name safe to store and to send back in Content-Disposition: the last path segment only,
 * letters, digits and `._-()` and spaces (anything else becomes `_`), no leading dots, at most 120
 * characters, and the extension of what the bytes really are.
 */
export function safeFileName(raw: string | undefined, mime: ImageMime): string {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? '';
  let name = last
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/_{2,}/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (ALSO[ext]) name = name.slice(0, dot);
  name = [...name].slice(0, MAX_NAME - 6).join('').trim() || 'image';
  const keep = ALSO[ext] === mime ? ext : EXTENSION[mime];
  return `${name}.${keep}`;
}

/** `inline` with an ASCII fallback name and the exact UTF-8 one (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
