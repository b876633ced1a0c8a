import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Card, CardContent, IconButton, LinearProgress, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DashboardCard } from '@omnio/domain';
import { EmptyState, ErrorState } from '../../shared/ui/StateViews';
import { useToast } from '../../shared/ui/toast';
import { exportCard } from './api';
import type { DashboardChoice } from './dashboard-query';

const spin = keyframes`from { transform: rotate(0deg); } to { transform: rotate(360deg); }`;

interface CardShellProps<T> {
  card: DashboardCard;
  /** Title when it is not the card's own (the sales card is shown twice: totals and by day). */
  title?: string;
  query: UseQueryResult<T>;
  choice: DashboardChoice;
  isEmpty: (data: T) => boolean;
  emptyMessage?: string;
  /** Grid columns at desktop width (of 12). */
  span?: number;
  skeletonRows?: number;
  children: (data: T) => ReactNode;
}

/**
 * One dashboard card: its title with reload and CSV export, then a skeleton while it first loads, its error with a
 * retry, its empty state, or its figures. A refetch keeps the figures, dims them and spins the reload icon (spec 9
 * card reload animation), both still under prefers-reduced-motion.
 */
export function CardShell<T>({ card, title, query, choice, isEmpty, emptyMessage, span = 6, skeletonRows = 4, children }: CardShellProps<T>) {
  const { t } = useTranslation('dashboard');
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const name = title ?? t(`cards.${card}`);
  const headingId = `dashboard-card-${card}${title ? '-alt' : ''}`;
  const reloading = query.isFetching && !query.isPending;

  const download = async () => {
    setExporting(true);
    try {
      await exportCard(card, choice);
    } catch (e) {
      toast.error(t('card.exportFailed', { message: (e as Error).message }));
    } finally {
      setExporting(false);
    }
  };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Box role="status" aria-label={t('card.loading', { card: name })}>
        <Skeleton variant="rounded" height={36} sx={{ mb: 1 }} />
        {Array.from({ length: skeletonRows }, (_, i) => <Skeleton key={i} height={28} />)}
      </Box>
    );
  } else if (query.isError) {
    body = <ErrorState message={t('card.error', { card: name, message: query.error.message })} onRetry={() => void query.refetch()} />;
  } else if (isEmpty(query.data)) {
    body = <EmptyState message={emptyMessage ?? t('card.empty')} />;
  } else {
    body = children(query.data);
  }

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      aria-busy={query.isFetching}
      sx={{ gridColumn: { xs: '1 / -1', md: `span ${span}` }, minWidth: 0, position: 'relative', overflow: 'hidden' }}
    >
      {reloading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 3 }} aria-hidden />}
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1 }}>
          <Typography id={headingId} variant="subtitle1" component="h2" fontWeight={600} sx={{ flex: 1, minWidth: 0 }}>
            {name}
          </Typography>
          <Tooltip title={t('card.reload', { card: name })}>
            <span>
              <IconButton
                size="small"
                aria-label={t('card.reload', { card: name })}
                onClick={() => void query.refetch()}
                disabled={query.isFetching}
                sx={{
                  '& svg': { animation: reloading ? `${spin} 0.9s linear infinite` : 'none' },
                  '@media (prefers-reduced-motion: reduce)': { '& svg': { animation: 'none' } },
                }}
              >
                <RefreshOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('card.export', { card: name })}>
            <span>
              <IconButton size="small" aria-label={t('card.export', { card: name })} onClick={() => void download()} disabled={exporting || !query.isSuccess}>
                <FileDownloadOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
        <Box
          sx={{
            opacity: reloading ? 0.55 : 1,
            transition: 'opacity 200ms ease',
            '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
          }}
        >
          {body}
        </Box>
      </CardContent>
    </Card>
  );
}
