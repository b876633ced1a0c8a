import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack } from '@mui/material';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ErrorState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useTransferCommand, type Transfer } from './api';

type Action = 'confirm' | 'complete' | 'cancel';
const ORDER: Action[] = ['confirm', 'complete', 'cancel'];

/** Confirm, complete and cancel, only as the server's `allowed_actions` list them; complete and cancel ask first. */
export function TransferActions({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('supply');
  const toast = useToast();
  const command = useTransferCommand();
  const [asking, setAsking] = useState<'complete' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = (a: Action) => (a === 'cancel' ? t('actions.cancelTransfer') : t(`actions.${a}`));
  const run = async (action: Action) => {
    const next = await command.mutateAsync({ id: transfer.id, action });
    const name = transfer.number;
    if (next.status === 'error') toast.error(t('done.confirmFailed', { name }));
    else toast.success(t(`done.${action === 'cancel' ? 'cancelTransfer' : action}`, { name }));
  };
  const click = (action: Action) => {
    setError(null);
    if (action !== 'confirm') return setAsking(action);
    run(action).catch((e: unknown) => setError(errorText(e)));
  };
  const actions = ORDER.filter((a) => transfer.allowed_actions.includes(a));
  if (!actions.length) return null;
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions.map((a) => (
          <Button
            key={a}
            variant={a === 'confirm' ? 'contained' : 'outlined'}
            color={a === 'cancel' ? 'error' : 'primary'}
            onClick={() => click(a)}
            loading={command.isPending && command.variables?.action === a}
          >
            {label(a)}
          </Button>
        ))}
      </Stack>
      {error && <ErrorState message={`${t('errors.action')}: ${error}`} />}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'complete' ? t('transferShow.confirmCompleteTitle', { number: transfer.number }) : t('transferShow.confirmCancelTitle', { number: transfer.number })}
        message={asking === 'complete' ? t('transferShow.confirmCompleteText') : t('transferShow.confirmCancelText')}
        confirmLabel={asking ? label(asking) : ''}
        destructive={asking === 'cancel'}
        onClose={() => setAsking(null)}
        onConfirm={() => run(asking!)}
        errorPrefix={t('errors.action')}
      />
    </Stack>
  );
}
