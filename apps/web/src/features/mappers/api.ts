import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChannelProcessItem, MapperDto, MapperListItemDto, MapperPreviewResultDto, MapperSavedDto, MapperTemplateView, Paginated, TMapperCreate, TMapperPreviewRequest,
  TMapperUpdate,
} from '@omnio/domain';
import { http } from '../../shared/api/http';

/** A tenant's mappers (/mappers), their samples and the platform templates they start from. */

const enc = encodeURIComponent;
const key = ['mappers'] as const;

export interface MapperListParams {
  page: number;
  perPage: number;
  text: string;
  type: string;
  orderBy?: string;
  orderDirection?: 'ASC' | 'DESC';
}

/** The API's `search`: `type:ORDER;` then the free text (`;` and `:` in typed text would split it). */
export function mapperSearch(text: string, type: string): string | undefined {
  const parts = type ? [`type:${type}`] : [];
  const clean = text.replace(/[;:]/g, ' ').trim();
  if (clean) parts.push(clean);
  return parts.length ? parts.join(';') : undefined;
}

export function useMappers(params: MapperListParams) {
  return useQuery({
    queryKey: [...key, 'list', params],
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<Paginated<MapperListItemDto>>('/mappers', {
        params: {
          page: params.page, per_page: params.perPage, search: mapperSearch(params.text, params.type),
          order_by: params.orderBy, order_direction: params.orderDirection,
        },
      }),
  });
}

export function useMapper(id: string | undefined) {
  return useQuery({
    queryKey: [...key, 'one', id],
    enabled: Boolean(id),
    queryFn: () => http.get<{ data: MapperDto }>(`/mappers/${enc(id ?? '')}`),
    select: (body) => body.data,
  });
}

/** The tenant's connections a mapper may serve (the partner column and picker). */
export function usePartnerConnections() {
  return useQuery({
    queryKey: [...key, 'connections'],
    queryFn: () => http.get<Paginated<ChannelProcessItem>>('/processes', { params: { per_page: 100 } }),
    select: (body) => body.data,
    staleTime: 60_000,
  });
}

/** The platform's templates a mapper may start from. */
export function useMapperTemplateChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['mapper-templates', 'choices'],
    enabled,
    queryFn: () => http.get<Paginated<MapperTemplateView>>('/mappers/templates', { params: { per_page: 100 } }),
    select: (body) => body.data,
  });
}

function useInvalidating<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useCreateMapper = () => useInvalidating(async (body: TMapperCreate) => (await http.post<{ data: MapperDto }>('/mappers', body)).data);

/** Answers the saved mapper and, when the definition changed, what it changed in each sample's output. */
export const useUpdateMapper = () =>
  useInvalidating(({ id, body }: { id: string; body: TMapperUpdate }) => http.put<MapperSavedDto>(`/mappers/${enc(id)}`, body));

export const useDeleteMapper = () => useInvalidating((id: string) => http.delete(`/mappers/${enc(id)}`));

export const useCreateFromTemplate = () =>
  useInvalidating(async ({ templateId, name }: { templateId: string; name?: string }) =>
    (await http.post<{ data: MapperDto }>(`/mappers/from-template/${enc(templateId)}`, name ? { name } : {})).data);

export const useAddSample = () =>
  useInvalidating(async ({ id, name, content }: { id: string; name: string; content: string }) =>
    (await http.post<{ data: MapperDto }>(`/mappers/${enc(id)}/samples`, { name, content })).data);

export const useRemoveSample = () =>
  useInvalidating(({ id, sampleId }: { id: string; sampleId: string }) => http.delete(`/mappers/${enc(id)}/samples/${enc(sampleId)}`));

export const usePreviewMapper = () =>
  useMutation({ mutationFn: async (body: TMapperPreviewRequest) => (await http.post<{ data: MapperPreviewResultDto }>('/mappers/preview', body)).data });
