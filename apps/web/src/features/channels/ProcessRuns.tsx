import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelRunItem } from '@omnio/domain';
import { useProcessRuns, type RunFilters } from './api';
import { RunDetailDialog } from './RunDetailDialog';
import { RunFiltersBar, RunsState, RunsTable } from './RunsTable';

/** A process's feed history: its runs, filtered by action and status, each opening its detail. */
export function ProcessRuns({ processId }: { processId: string }) {
  const { t } = useTranslation('channels');
  const [filters, setFilters] = useState<RunFilters>({});
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [open, setOpen] = useState<ChannelRunItem | null>(null);
  const runs = useProcessRuns(processId, { page: page + 1, perPage, ...filters });
  const filtered = Boolean(filters.action || filters.status);

  return (
    <>
      <RunFiltersBar value={filters} onChange={(next) => { setFilters(next); setPage(0); }} />
      <RunsState
        pending={runs.isPending}
        error={runs.isError && !runs.data ? runs.error : null}
        empty={(runs.data?.data.length ?? 0) === 0}
        filtered={filtered}
        onRetry={() => void runs.refetch()}
      >
        <RunsTable
          label={t('process.history')}
          rows={runs.data?.data ?? []}
          total={runs.data?.total ?? 0}
          page={page}
          perPage={perPage}
          onPage={setPage}
          onPerPage={(n) => { setPerPage(n); setPage(0); }}
          onOpen={setOpen}
        />
      </RunsState>
      <RunDetailDialog processId={processId} runId={open?.id ?? null} onClose={() => setOpen(null)} />
    </>
  );
}
