import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MediableDto as Media, MediableType, Paginated } from '@omnio/domain';
import { http } from '../../shared/api/http';
import { authorizedFetch, responseError, uploadFile } from '../../shared/api/file-transfer';

/* ------------------------------------------------------------------ shapes (docs/api-media.md) */

/**
 * The server's response contract (@omnio/domain). A media's `url` needs the bearer token, so it is fetched,
 * never put in a src.
 */
export type { MediableDto as Media, MediableType } from '@omnio/domain';

/** What the server accepts (it checks the bytes too); checked here first to spare a doomed upload. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface MediaOwner {
  tenantId: string;
  mediableType: MediableType;
  mediableId: string;
}

export const mediaKeys = {
  all: ['media'] as const,
  list: (owner: MediaOwner) => ['media', 'list', owner.tenantId, owner.mediableType, owner.mediableId] as const,
  bytes: (id: string) => ['media', 'bytes', id] as const,
};

const enc = encodeURIComponent;
const basePath = (tenantId: string) => `/tenants/${enc(tenantId)}/mediables`;

/* ------------------------------------------------------------------ non-JSON calls */

/** The bytes of a media file (`url` as the server gives it, already under /api/1.0). */
export async function fetchMediaBytes(url: string): Promise<Blob> {
  const response = await authorizedFetch(url, { headers: { Accept: 'image/*' } });
  if (!response.ok) throw await responseError(response);
  return response.blob();
}

export async function uploadMedia(owner: MediaOwner, file: File, folder = 'images'): Promise<Media> {
  return uploadFile(basePath(owner.tenantId), file, { mediable_type: owner.mediableType, mediable_id: owner.mediableId, folder });
}

/* ------------------------------------------------------------------ hooks */

/** The media of one owner in display order (a product has a handful; 100 is the page). */
export function useMediaList(owner: MediaOwner | null) {
  return useQuery({
    queryKey: owner ? mediaKeys.list(owner) : ['media', 'list', 'none'],
    enabled: owner !== null,
    queryFn: async () =>
      (
        await http.get<Paginated<Media>>(basePath(owner!.tenantId), {
          params: {
            search: `mediable_type:${owner!.mediableType};mediable_id:${owner!.mediableId}`,
            per_page: 100,
            order_by: 'position',
            order_direction: 'ASC',
          },
        })
      ).data,
  });
}

export function useUploadMedia(owner: MediaOwner | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadMedia(owner!, file),
    onSuccess: () => (owner ? client.invalidateQueries({ queryKey: mediaKeys.list(owner) }) : undefined),
  });
}

export function useDeleteMedia(owner: MediaOwner | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (media: Media) => http.delete(`${basePath(media.tenant_id)}/${enc(media.id)}`),
    onSuccess: async (_result, media) => {
      client.removeQueries({ queryKey: mediaKeys.bytes(media.id) });
      if (owner) await client.invalidateQueries({ queryKey: mediaKeys.list(owner) });
    },
  });
}

/**
 * An object URL for a media file's bytes, made and revoked here. The bytes behind an id never change,
 * so they are fetched once per session (the server lets the browser cache them privately as well).
 */
export function useMediaObjectUrl(media: Pick<Media, 'id' | 'url'>) {
  const bytes = useQuery({
    queryKey: mediaKeys.bytes(media.id),
    queryFn: () => fetchMediaBytes(media.url),
    staleTime: Infinity,
  });
  const [src, setSrc] = useState<string | null>(null);
  const blob = bytes.data;
  useEffect(() => {
    if (!blob) return undefined;
    const url = URL.createObjectURL(blob);
    setSrc(url);
    return () => {
      URL.revokeObjectURL(url);
      setSrc(null);
    };
  }, [blob]);
  return { src, isError: bytes.isError, isPending: bytes.isPending || (blob !== undefined && src === null) };
}
