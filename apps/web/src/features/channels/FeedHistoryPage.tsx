import { Suspense, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Paper, Tab, Tabs } from '@mui/material';
import type { ChannelRunItem } from '@omnio/domain';
import { PageHeader } from '../../shared/ui/PageHeader';
import { LoadingState } from '../../shared/ui/StateViews';
import { useChannelProcesses, useFeedHistory, type RunFilters } from './api';
import { RunDetailDialog } from './RunDetailDialog';
import { RunFiltersBar, RunsState, RunsTable } from './RunsTable';

type FeedTab = 'runs' | 'reports';

/**
 * /feed-history: every run of every channel connection, and (second tab) the exported reports that
 * /feed-history listed before channel runs existed (spec 2: notification target feed_history). That tab is
 * the notifications feature's screen, handed in by app/composed (it may be lazy: a Suspense wraps it).
 */
export function FeedHistoryPage({ ReportsFeed }: { ReportsFeed: ComponentType }) {
  const { t } = useTranslation('channels');
  const [params, setParams] = useSearchParams();
  const tab: FeedTab = params.get('tab') === 'reports' ? 'reports' : 'runs';
  const choose = (next: FeedTab) => {
    const copy = new URLSearchParams(params);
    if (next === 'runs') copy.delete('tab');
    else copy.set('tab', next);
    setParams(copy, { replace: true });
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs value={tab} onChange={(_e, next: FeedTab) => choose(next)} aria-label={t('feed.tabs')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="runs" label={t('feed.runsTab')} id="feed-tab-runs" aria-controls="feed-panel-runs" />
        <Tab value="reports" label={t('feed.reportsTab')} id="feed-tab-reports" aria-controls="feed-panel-reports" />
      </Tabs>
      <Box role="tabpanel" id={`feed-panel-${tab}`} aria-labelledby={`feed-tab-${tab}`}>
        {tab === 'runs' ? (
          <ChannelRunsFeed />
        ) : (
          // The reports screen brings its own heading.
          <Suspense fallback={<LoadingState />}>
            <ReportsFeed />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}

function ChannelRunsFeed() {
  const { t } = useTranslation('channels');
  const [filters, setFilters] = useState<RunFilters>({});
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [open, setOpen] = useState<ChannelRunItem | null>(null);
  const runs = useFeedHistory({ page: page + 1, perPage, ...filters });
  const processes = useChannelProcesses({ page: 1, perPage: 100 });
  const filtered = Boolean(filters.action || filters.status || filters.process_id);

  return (
    <>
      <PageHeader title={t('feed.title')} subtitle={t('feed.intro')} />
      <RunFiltersBar
        value={filters}
        onChange={(next) => { setFilters(next); setPage(0); }}
        processes={(processes.data?.data ?? []).map((p) => ({ id: p.id, name: p.name }))}
      />
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <RunsState
          pending={runs.isPending}
          error={runs.isError && !runs.data ? runs.error : null}
          empty={(runs.data?.data.length ?? 0) === 0}
          filtered={filtered}
          onRetry={() => void runs.refetch()}
        >
          <RunsTable
            label={t('feed.title')}
            showProcess
            rows={runs.data?.data ?? []}
            total={runs.data?.total ?? 0}
            page={page}
            perPage={perPage}
            onPage={setPage}
            onPerPage={(n) => { setPerPage(n); setPage(0); }}
            onOpen={setOpen}
          />
        </RunsState>
      </Paper>
      <RunDetailDialog processId={open?.process_id ?? ''} runId={open?.id ?? null} onClose={() => setOpen(null)} />
    </>
  );
}
