import { useQuery } from '@tanstack/react-query';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type SearchGroupDto, type SearchResultDto } from '@omnio/domain';
import { http } from '../../shared/api/http';
import { useDebounced } from '../../shared/ui/useDebounced';

/** The header search waits this long after the last key before asking the server. */
export const RECORD_SEARCH_DEBOUNCE_MS = 200;

export interface RecordSearch {
  /** The server's groups for the text as it stood when typing paused (empty until then). */
  groups: SearchGroupDto[];
  /** Typing has not paused yet, or the server has not answered. */
  loading: boolean;
  failed: boolean;
  /** The text the groups answer (trimmed); '' when there is nothing to search. */
  query: string;
}

/** The text worth asking the server for: trimmed, long enough, not too long. */
export const searchableText = (text: string): string => {
  const q = text.trim();
  return [...q].length >= SEARCH_MIN_LENGTH && q.length <= SEARCH_MAX_LENGTH ? q : '';
};

/**
 * Records matching the header search text (GET /api/1.0/search, docs/api-search.md), debounced. Only a
 * tenant user searches records (`enabled`); the answer of a text is kept for 30 s, so typing back is instant.
 */
export function useRecordSearch(text: string, enabled: boolean): RecordSearch {
  const wanted = searchableText(text);
  const query = useDebounced(wanted, RECORD_SEARCH_DEBOUNCE_MS);
  const on = enabled && query !== '';
  const result = useQuery({
    queryKey: ['header-search', query],
    enabled: on,
    staleTime: 30_000,
    queryFn: () => http.get<{ data: SearchResultDto }>('/search', { params: { q: query, limit: SEARCH_DEFAULT_LIMIT } }),
  });
  const settled = on && query === wanted;
  return {
    groups: settled ? (result.data?.data.groups ?? []) : [],
    loading: enabled && wanted !== '' && (query !== wanted || result.isFetching),
    failed: settled && result.isError,
    query: settled ? query : '',
  };
}
