import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Paper, Stack, Typography } from '@mui/material';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText } from '../../shared/ui/form-helpers';
import { useBulkCancel, useBulkHold, useBulkRelease, useJob, type BulkCancelResult, type BulkUpdateResult } from './api';
import { BulkResultDialog, type BulkOutcome } from './BulkResultDialog';
import { HoldDialog } from './HoldDialog';

type Step = 'confirm-cancel' | 'hold' | 'confirm-release' | null;
type Result = { kind: 'cancel'; jobId: string } | { kind: 'hold' | 'release'; result: BulkUpdateResult } | null;

interface BulkActionsProps {
  ids: string[];
  onDone(): void;
}

/**
 * The bar over the grid when orders are selected: cancel (a background job), hold and release. Stays
 * mounted with no selection so a result dialog outlives the selection it acted on.
 */
export function BulkActions({ ids, onDone }: BulkActionsProps) {
  const { t } = useTranslation('orders');
  const [step, setStep] = useState<Step>(null);
  const [result, setResult] = useState<Result>(null);
  const cancel = useBulkCancel();
  const hold = useBulkHold();
  const release = useBulkRelease();
  const job = useJob<BulkCancelResult>(result?.kind === 'cancel' ? result.jobId : null);
  const count = ids.length;

  let outcome: BulkOutcome = {};
  if (result?.kind === 'cancel') {
    const data = job.data;
    if (job.isError) outcome = { error: `${t('bulk.cancelFailed')}: ${errorText(job.error)}` };
    else if (!data || data.status === 'PENDING' || data.status === 'RUNNING') outcome = { running: { progress: data?.progress ?? 0 } };
    else if (data.status === 'FAILED') outcome = { error: data.error ? `${t('bulk.cancelFailed')}: ${data.error}` : t('bulk.cancelFailed') };
    else outcome = { summary: t('bulk.cancelled', { count: data.result?.cancelled ?? 0 }), skipped: data.result?.skipped ?? [] };
  } else if (result) {
    outcome = { summary: t(result.kind === 'hold' ? 'bulk.held' : 'bulk.released', { count: result.result.updated.length }), skipped: result.result.skipped };
  }

  const close = () => {
    setResult(null);
    onDone();
  };

  return (
    <>
      {count > 0 && (<Paper
        variant="outlined"
        role="region"
        aria-label={t('bulk.region')}
        sx={{ px: 2, py: 1, mb: 1.5, display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, bgcolor: 'action.hover' }}
      >
        <Typography sx={{ fontWeight: 600, mr: 'auto' }} aria-live="polite">
          {t('bulk.selected', { count })}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" variant="outlined" startIcon={<PauseCircleOutline />} onClick={() => setStep('hold')}>
            {t('lifecycle.hold')}
          </Button>
          <Button size="small" variant="outlined" startIcon={<PlayCircleOutline />} onClick={() => setStep('confirm-release')}>
            {t('lifecycle.release')}
          </Button>
          <Button size="small" variant="outlined" color="error" startIcon={<BlockOutlined />} onClick={() => setStep('confirm-cancel')}>
            {t('actions.cancelOrders')}
          </Button>
          <Button size="small" onClick={onDone}>
            {t('bulk.clear')}
          </Button>
        </Stack>
      </Paper>)}

      <ConfirmDialog
        open={step === 'confirm-cancel'}
        title={t('bulk.cancelTitle', { count })}
        message={t('bulk.cancelMessage')}
        confirmLabel={t('actions.cancelOrders')}
        destructive
        errorPrefix={t('bulk.cancelFailed')}
        onClose={() => setStep(null)}
        onConfirm={async () => {
          const started = await cancel.mutateAsync(ids);
          setResult({ kind: 'cancel', jobId: started.job_id });
        }}
      />
      <HoldDialog
        open={step === 'hold'}
        title={t('bulk.holdTitle', { count })}
        onClose={() => setStep(null)}
        onSubmit={async (holdUntil) => {
          setResult({ kind: 'hold', result: await hold.mutateAsync({ ids, hold_until: holdUntil }) });
        }}
      />
      <ConfirmDialog
        open={step === 'confirm-release'}
        title={t('bulk.releaseTitle', { count })}
        message={t('bulk.releaseMessage')}
        confirmLabel={t('lifecycle.release')}
        errorPrefix={t('bulk.releaseFailed')}
        onClose={() => setStep(null)}
        onConfirm={async () => {
          setResult({ kind: 'release', result: await release.mutateAsync(ids) });
        }}
      />
      <BulkResultDialog
        open={result !== null}
        title={t(result?.kind === 'cancel' ? 'bulk.cancelResult' : result?.kind === 'hold' ? 'bulk.holdResult' : 'bulk.releaseResult')}
        outcome={outcome}
        onClose={close}
      />
    </>
  );
}
