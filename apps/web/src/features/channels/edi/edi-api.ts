import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EdiDocumentDetailDto, EdiDocumentDto, Paginated, TEdiDocumentQuery } from '@omnio/domain';
import { http } from '../../../shared/api/http';

/** An EDI partner's document log (API.md "Channel connections", driver edi-x12): what went in and out of its mailbox. */

const enc = encodeURIComponent;

export type EdiDocumentFilters = Partial<Pick<TEdiDocumentQuery, 'direction' | 'doc_type' | 'status'>>;

export const ediKeys = {
  documents: (processId: string, params: object) => ['channels', 'edi-documents', processId, params] as const,
  document: (processId: string, docId: string) => ['channels', 'edi-document', processId, docId] as const,
};

/** Outbound documents wait for the next run to be delivered, then for the partner's 997: worth a look now and then. */
export const EDI_POLL_MS = 30_000;

export function useEdiDocuments(processId: string, params: { page: number; perPage: number } & EdiDocumentFilters) {
  return useQuery({
    queryKey: ediKeys.documents(processId, params),
    placeholderData: keepPreviousData,
    refetchInterval: EDI_POLL_MS,
    queryFn: () =>
      http.get<Paginated<EdiDocumentDto>>(`/processes/${enc(processId)}/edi/documents`, {
        params: {
          page: params.page,
          per_page: params.perPage,
          direction: params.direction || undefined,
          doc_type: params.doc_type || undefined,
          status: params.status || undefined,
        },
      }),
  });
}

export function useEdiDocument(processId: string, docId: string | null) {
  return useQuery({
    queryKey: ediKeys.document(processId, docId ?? ''),
    enabled: docId !== null,
    queryFn: async () => (await http.get<{ data: EdiDocumentDetailDto }>(`/processes/${enc(processId)}/edi/documents/${enc(docId ?? '')}`)).data,
  });
}
