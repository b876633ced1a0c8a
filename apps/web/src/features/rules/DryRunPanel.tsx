import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Alert, Box, Button, Checkbox, Chip, CircularProgress, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { DRY_RUN_MAX_DAYS, type DryRunResultDto, type FlowApplyResultDto, type FlowChangeDto } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { errorText, useMessageTextWith } from '../../shared/ui/form-helpers';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { useApplyRule, useDryRun, useDryRunResults, useStartDryRun } from './api';
import { forSending, shown, type FlowNode } from './flow-model';
import { rulesMessagesEs } from './i18n';

interface DryRunPanelProps {
  flowId: string;
  nodes: FlowNode[];
  canApply: boolean;
  /** Tests shorten the 1 s poll. */
  pollMs?: number;
}

/** Tries the editor's nodes on past orders (a job), then lists what would change beside what happened. */
export function DryRunPanel({ flowId, nodes, canApply, pollMs = 1000 }: DryRunPanelProps) {
  const { t } = useTranslation('rules');
  const message = useMessageTextWith(rulesMessagesEs);
  const [days, setDays] = useState('30');
  const [runId, setRunId] = useState<string | null>(null);
  const start = useStartDryRun();
  const run = useDryRun(flowId, runId, pollMs);
  const done = run.data?.status === 'completed';
  const results = useDryRunResults(flowId, runId, done);

  const go = async () => {
    const n = Math.min(DRY_RUN_MAX_DAYS, Math.max(1, Math.round(Number(days) || 30)));
    setDays(String(n));
    try {
      const made = await start.mutateAsync({ id: flowId, body: { days: n, nodes: forSending(nodes) } });
      setRunId(made.id);
    } catch {
      setRunId(null);
    }
  };

  const busy = start.isPending || run.data?.status === 'queued' || run.data?.status === 'running';
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">{t('dryRun.intro')}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          type="number" size="small" label={t('dryRun.days')} value={days} onChange={(e) => setDays(e.target.value)} sx={{ width: 120 }}
          slotProps={{ htmlInput: { min: 1, max: DRY_RUN_MAX_DAYS } }}
        />
        <Button variant="contained" onClick={() => void go()} loading={busy}>{t('dryRun.run')}</Button>
      </Stack>
      {start.isError && <Alert severity="error">{`${t('errors.dryRun')}: ${message(errorText(start.error)) ?? errorText(start.error)}`}</Alert>}
      {run.isError && <ErrorState message={`${t('errors.dryRun')}: ${errorText(run.error)}`} onRetry={() => void run.refetch()} />}
      {run.data && (
        <Box aria-live="polite">
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Chip
              size="small" label={t(`dryRun.statuses.${run.data.status}`)}
              color={run.data.status === 'completed' ? 'success' : run.data.status === 'failed' ? 'error' : 'default'}
              icon={busy ? <CircularProgress size={12} /> : undefined}
            />
            {(['examined', 'changed', 'unchanged', 'failed'] as const).map((k) => (
              <Typography key={k} variant="body2">{`${t(`dryRun.${k}`)}: ${run.data[k]}`}</Typography>
            ))}
          </Stack>
          {run.data.error && <Alert severity="error" sx={{ mt: 1 }}>{run.data.error}</Alert>}
          {run.data.truncated && <Alert severity="info" sx={{ mt: 1 }}>{t('dryRun.truncated')}</Alert>}
        </Box>
      )}
      {done && runId && (
        results.isPending ? (
          <LoadingState minHeight={120} />
        ) : results.isError ? (
          <ErrorState message={`${t('errors.results')}: ${errorText(results.error)}`} onRetry={() => void results.refetch()} />
        ) : results.data.data.length === 0 ? (
          <EmptyState message={t('dryRun.none')} />
        ) : (
          <ResultsTable key={runId} flowId={flowId} rows={results.data.data} canApply={canApply} />
        )
      )}
    </Stack>
  );
}

/** `ilocName`: reads an iLoc id of an `…iloc_id` change as the iLoc's name (traces keep ids; dry runs answer names). */
export function ChangeList({ changes, ilocName }: { changes: FlowChangeDto[]; ilocName?: (id: string) => string | undefined }) {
  const value = (path: string, v: unknown) => (ilocName && path.endsWith('iloc_id') && typeof v === 'string' ? ilocName(v) ?? v : v);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, fontSize: 'body2.fontSize' }}>
      {changes.map((c, i) => (
        <li key={i}>
          <Box component="span" sx={{ fontFamily: 'monospace' }}>{c.path}</Box>{`: ${shown(value(c.path, c.before))} → ${shown(value(c.path, c.after))}`}
        </li>
      ))}
    </Box>
  );
}

function ResultsTable({ flowId, rows, canApply }: { flowId: string; rows: DryRunResultDto[]; canApply: boolean }) {
  const { t } = useTranslation('rules');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const apply = useApplyRule();
  const [outcomes, setOutcomes] = useState<Map<string, FlowApplyResultDto>>(new Map());
  const toggle = (id: string, on: boolean) => setPicked((s) => {
    const next = new Set(s);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  });
  const all = picked.size === rows.length;
  const run = async () => {
    try {
      const answered = await apply.mutateAsync({ id: flowId, orderIds: [...picked] });
      setOutcomes(new Map(answered.map((r) => [r.order_id, r])));
    } catch {
      // The alert below shows apply.error.
    }
  };
  return (
    <Stack spacing={1}>
      {canApply && (
        <Box>
          <Button variant="outlined" disabled={picked.size === 0} loading={apply.isPending} onClick={() => void run()}>
            {t('dryRun.apply', { count: picked.size })}
          </Button>
        </Box>
      )}
      {apply.isError && <Alert severity="error">{`${t('errors.apply')}: ${errorText(apply.error)}`}</Alert>}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('tabs.dryRun')}>
          <TableHead>
            <TableRow>
              {canApply && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={all} indeterminate={picked.size > 0 && !all} slotProps={{ input: { 'aria-label': t('dryRun.selectAll') } }}
                    onChange={(e) => setPicked(e.target.checked ? new Set(rows.map((r) => r.order_id)) : new Set())}
                  />
                </TableCell>
              )}
              <TableCell>{t('dryRun.order')}</TableCell>
              <TableCell>{t('dryRun.changes')}</TableCell>
              <TableCell>{t('dryRun.actual')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => {
              const outcome = outcomes.get(r.order_id);
              return (
                <TableRow key={r.order_id}>
                  {canApply && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={picked.has(r.order_id)} onChange={(e) => toggle(r.order_id, e.target.checked)}
                        slotProps={{ input: { 'aria-label': t('dryRun.select', { number: r.number }) } }}
                      />
                    </TableCell>
                  )}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={pathOf('order-edit', { id: r.order_id })}>{r.number}</Link>
                    {outcome && (
                      <Chip size="small" sx={{ ml: 1 }} label={t(`dryRun.outcomes.${outcome.outcome}`)}
                        color={outcome.outcome === 'changed' ? 'success' : outcome.outcome === 'error' ? 'error' : 'default'} />
                    )}
                    {outcome?.error && <Typography variant="caption" color="error" sx={{ display: 'block' }}>{outcome.error}</Typography>}
                  </TableCell>
                  <TableCell sx={{ minWidth: 220, overflowWrap: 'anywhere' }}>
                    {r.error && <Typography variant="body2" color="error">{r.error}</Typography>}
                    <ChangeList changes={r.changes} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
                    <Typography variant="body2">{t('dryRun.actualStatus', { status: r.actual.status })}</Typography>
                    <Typography variant="body2">{t('dryRun.actualIlocs', { ilocs: r.actual.ilocs.join(', ') || '—' })}</Typography>
                    <Typography variant="body2">
                      {t('dryRun.actualShip', { method: [r.actual.ship_method, r.actual.ship_carrier].filter(Boolean).join(' / ') || '—' })}
                    </Typography>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}
