import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Stack } from '@mui/material';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import type { PoAction } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { usePoAction, type PurchaseOrder, type RunnablePoAction } from './api';

/** The next step of the flow comes first and is the filled button; editing and recording come after. */
const BUTTON_ORDER: PoAction[] = ['confirm', 'submit', 'ship', 'edit', 'acknowledge', 'email', 'complete', 'cancel'];
const CONFIRMED = new Set<PoAction>(['cancel', 'complete']);
/** Spec 4: a removed or discontinued SKU blocks these (the server refuses them with 409 too). */
const BLOCKED_BY_SKU = new Set<PoAction>(['confirm', 'submit']);

const ICONS: Record<PoAction, ReactElement> = {
  edit: <EditOutlined />,
  confirm: <CheckCircleOutline />,
  submit: <SendOutlined />,
  acknowledge: <FactCheckOutlined />,
  ship: <LocalShippingOutlined />,
  email: <ForwardToInboxOutlined />,
  complete: <DoneAllOutlined />,
  cancel: <BlockOutlined />,
};

interface PoActionsProps {
  po: PurchaseOrder;
  /** `acknowledge` opens the confirmation form of the page. */
  onAcknowledge(): void;
  /** Where `ship` (create an ASN) goes: the tenant's or the supplier's shipment screen. */
  shipPath: string;
}

/** Buttons from the server's allowed_actions, never re-derived from the status (ARCHITECTURE.md). */
export function PoActions({ po, onAcknowledge, shipPath }: PoActionsProps) {
  const { t } = useTranslation('purchaseOrders');
  const navigate = useNavigate();
  const toast = useToast();
  const run = usePoAction();
  const [confirming, setConfirming] = useState<RunnablePoAction | null>(null);
  const allowed = new Set(po.allowed_actions);
  const blocked = po.lines.some((l) => l.sku_status !== 'active');

  const perform = async (action: RunnablePoAction) => {
    const result = await run.mutateAsync({ id: po.id, action });
    const email = po.supplier.email;
    if (action === 'submit' || action === 'email') {
      toast.success(
        email
          ? t(`notices.mailed.${action}`, { number: result.data.number, email })
          : t(`notices.mailedNoAddress.${action}`, { number: result.data.number }),
      );
    } else {
      toast.success(t(`notices.done.${action}`, { number: result.data.number }));
    }
  };

  const click = (action: PoAction) => {
    if (action === 'edit') return void navigate(pathOf('po-edit', { poId: po.id }));
    if (action === 'ship') return void navigate(shipPath);
    if (action === 'acknowledge') return onAcknowledge();
    if (CONFIRMED.has(action)) return setConfirming(action as RunnablePoAction);
    // The server's 409 names the SKU that blocks a confirm or a submit: its message is the useful part.
    perform(action as RunnablePoAction).catch((error: unknown) => {
      toast.error(errorText(error), t('errors.action', { action: t(`lifecycle.${action}`) }));
    });
  };

  const buttons = BUTTON_ORDER.filter((a) => allowed.has(a));
  if (buttons.length === 0) return null;
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
            disabled={run.isPending || (blocked && BLOCKED_BY_SKU.has(action))}
          >
            {t(`lifecycle.${action}`)}
          </Button>
        ))}
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`confirm.${confirming}.title`, { number: po.number }) : ''}
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
