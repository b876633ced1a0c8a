import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Stack } from '@mui/material';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import type { OrderAction } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { isInvalidTransition, useOrderAction, type Order, type RunnableAction } from './api';
import { HoldDialog } from './HoldDialog';

/** The order the buttons appear in; only those in the order's allowed_actions are drawn. */
const BUTTON_ORDER: OrderAction[] = ['edit', 'submit', 'retry', 'release', 'hold', 'mark-shipped', 'close', 'reopen', 'clone', 'cancel'];
const CONFIRMED = new Set<OrderAction>(['cancel', 'close', 'mark-shipped']);

const ICONS: Record<OrderAction, ReactElement> = {
  edit: <EditOutlined />,
  submit: <SendOutlined />,
  retry: <ReplayOutlined />,
  release: <PlayCircleOutline />,
  hold: <PauseCircleOutline />,
  'mark-shipped': <LocalShippingOutlined />,
  close: <DoneAllOutlined />,
  reopen: <LockOpenOutlined />,
  clone: <ContentCopyOutlined />,
  cancel: <BlockOutlined />,
};

/** Buttons from the server's allowed_actions, never re-derived from the status (ARCHITECTURE.md). */
export function OrderActions({ order, onEdit }: { order: Order; onEdit(): void }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const toast = useToast();
  const run = useOrderAction();
  const [confirming, setConfirming] = useState<RunnableAction | null>(null);
  const [holding, setHolding] = useState(false);
  const allowed = new Set(order.allowed_actions);

  const perform = async (action: RunnableAction, holdUntil?: string | null) => {
    const result = await run.mutateAsync({ id: order.id, action, hold_until: holdUntil });
    if (action === 'clone') {
      toast.success(t('notices.cloned', { number: result.number }));
      void navigate(pathOf('order-edit', { id: result.id }));
      return;
    }
    if (result.status === 'error' && (action === 'submit' || action === 'retry' || action === 'release')) {
      toast.warning(t('notices.stillInError', { number: result.number }));
    } else {
      toast.success(t(`notices.done.${action}`, { number: result.number }));
    }
  };

  const click = (action: OrderAction) => {
    if (action === 'edit') return onEdit();
    if (action === 'hold') return setHolding(true);
    if (CONFIRMED.has(action)) return setConfirming(action);
    perform(action).catch((error: unknown) => {
      toast.error(isInvalidTransition(error) ? t('errors.invalidTransition') : errorText(error), t('errors.action', { action: t(`lifecycle.${action}`) }));
    });
  };

  const buttons = BUTTON_ORDER.filter((a) => allowed.has(a));
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="toolbar" aria-label={t('detail.actionsLabel')}>
        {buttons.map((action, index) => (
          <Button
            key={action}
            size="small"
            variant={index === 0 ? 'contained' : 'outlined'}
            color={action === 'cancel' ? 'error' : 'primary'}
            startIcon={ICONS[action]}
            onClick={() => click(action)}
            disabled={run.isPending}
          >
            {t(`lifecycle.${action}`)}
          </Button>
        ))}
      </Stack>
      <HoldDialog
        open={holding}
        title={t('hold.title', { number: order.number })}
        initial={order.hold_until}
        onClose={() => setHolding(false)}
        onSubmit={(holdUntil) => perform('hold', holdUntil)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`confirm.${confirming}.title`, { number: order.number }) : ''}
        message={confirming ? t(`confirm.${confirming}.message`) : ''}
        confirmLabel={confirming ? t(`lifecycle.${confirming}`) : ''}
        destructive={confirming === 'cancel'}
        errorPrefix={confirming ? t('errors.action', { action: t(`lifecycle.${confirming}`) }) : ''}
        onClose={() => setConfirming(null)}
        onConfirm={() => perform(confirming!)}
      />
    </>
  );
}
