import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack } from '@mui/material';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ErrorState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useShipmentCommand, type AsnSource, type SupplyShipment, type SupplyShipmentSummary } from './api';

type Simple = 'ship' | 'arrive' | 'cancel';
const ORDER: Simple[] = ['ship', 'arrive', 'cancel'];

interface ShipmentActionsProps {
  shipment: SupplyShipmentSummary;
  source?: AsnSource;
  onDone?(shipment: SupplyShipment): void;
}

/** Ship, arrive and cancel, only as the server's `allowed_actions` list them; cancel asks first. */
export function ShipmentActions({ shipment, source, onDone }: ShipmentActionsProps) {
  const { t } = useTranslation('supply');
  const toast = useToast();
  const command = useShipmentCommand();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: Simple) => {
    const next = await command.mutateAsync({ id: shipment.id, source, command: { action } });
    toast.success(t(`done.${action}`, { name: shipment.asn_number }));
    onDone?.(next);
  };
  const click = (action: Simple) => {
    if (action === 'cancel') return setAsking(true);
    setError(null);
    run(action).catch((e: unknown) => setError(errorText(e)));
  };
  const actions = ORDER.filter((a) => shipment.allowed_actions.includes(a));
  if (!actions.length) return null;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions.map((a) => (
          <Button
            key={a}
            variant={a === 'cancel' ? 'outlined' : 'contained'}
            color={a === 'cancel' ? 'error' : 'primary'}
            onClick={() => click(a)}
            loading={command.isPending && command.variables?.command.action === a}
          >
            {t(`actions.${a}`)}
          </Button>
        ))}
      </Stack>
      {error && <ErrorState message={`${t('errors.action')}: ${error}`} />}
      <ConfirmDialog
        open={asking}
        title={t('confirmCancel.title', { asn: shipment.asn_number })}
        message={t('confirmCancel.text')}
        confirmLabel={t('actions.cancel')}
        destructive
        onClose={() => setAsking(false)}
        onConfirm={() => run('cancel')}
        errorPrefix={t('errors.action')}
      />
    </Stack>
  );
}
