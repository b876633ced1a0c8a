import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useSession } from '../../shared/session/useSession';
import { NATIVE_SELECT, errorText } from '../../shared/ui/form-helpers';
import { useCreatePurchaseOrders, useIlocOptions, type BySkusBody, type CreatedPo } from './api';
import type { SuggestionRow } from './SuggestionGrid';

interface Props {
  rows: SuggestionRow[];
  defaultIlocId: string;
  onClose(): void;
  onCreated(pos: CreatedPo[]): void;
}

/** The chosen suggestions as draft POs, one per supplier, received at the chosen iloc. */
export function CreatePoDialog({ rows, defaultIlocId, onClose, onCreated }: Props) {
  const { t } = useTranslation('forecasting');
  const session = useSession();
  const ilocs = useIlocOptions(session.company?.id);
  const [picked, setPicked] = useState<string | null>(null);
  // With one iloc there is nothing to choose.
  const ilocId = picked ?? (defaultIlocId || (ilocs.data?.length === 1 ? ilocs.data[0]!.id : ''));
  const [estimatedDelivery, setEstimatedDelivery] = useState('');
  const [ilocError, setIlocError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreatePurchaseOrders();
  const lines: BySkusBody['lines'] = rows
    .filter((r) => r.supplier_id && r.quantity > 0)
    .map((r) => ({ sku: r.sku, supplier_id: r.supplier_id!, quantity: r.quantity }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setIlocError(!ilocId);
    if (!ilocId) return;
    if (lines.length === 0) return setFailure(t('po.nothing'));
    try {
      onCreated(await create.mutateAsync({ iloc_id: ilocId, ...(estimatedDelivery ? { estimated_delivery: estimatedDelivery } : {}), lines }));
    } catch (error) {
      setFailure(`${t('errors.create')}: ${errorText(error)}`);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="forecast-po-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="forecast-po-title">{t('po.dialogTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{t('po.intro', { count: lines.length })}</Typography>
            <TextField
              select fullWidth required label={t('po.iloc')} value={ilocId} onChange={(e) => setPicked(e.target.value)} slotProps={NATIVE_SELECT}
              error={ilocError} helperText={ilocError ? t('po.ilocRequired') : ilocs.isError ? t('errors.options') : undefined}
            >
              <option value="">{ilocs.isPending ? t('form.loading') : t('po.chooseIloc')}</option>
              {ilocs.data?.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.code ? `${i.name} (${i.code})` : i.name}
                </option>
              ))}
            </TextField>
            <TextField
              fullWidth type="date" label={t('po.estimatedDelivery')} value={estimatedDelivery} onChange={(e) => setEstimatedDelivery(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('po.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('po.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
