import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogTitle, TextField, Typography } from '@mui/material';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { errorText } from '../../shared/ui/form-helpers';
import { fetchOrderReturnable, findOrderByNumber, shipmentKeys } from './api';

interface NewReturnDialogProps {
  open: boolean;
  onClose(): void;
  /** The order was found and something on it can be returned. */
  onOrder(orderId: string): void;
}

/** "New return" on the Returns list: which order the units come from, by its number. */
export function NewReturnDialog({ open, onClose, onOrder }: NewReturnDialogProps) {
  const { t } = useTranslation('shipments');
  const titleId = useId();
  const client = useQueryClient();
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setNumber('');
    setProblem(null);
    setBanner(null);
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = number.trim();
    setBanner(null);
    if (!wanted) return setProblem(t('newReturn.required'));
    setProblem(null);
    setBusy(true);
    try {
      const order = await findOrderByNumber(wanted);
      if (!order) return setProblem(t('newReturn.notFound', { number: wanted }));
      // Read here so that the dialog can say "nothing to return"; the start-a-return screen reuses it.
      const lines = await client.fetchQuery({ queryKey: shipmentKeys.returnable(order.id), queryFn: () => fetchOrderReturnable(order.id), staleTime: 10_000 });
      if (!lines.some((l) => l.returnable > 0)) return setProblem(t('newReturn.nothing', { number: order.number }));
      onOrder(order.id);
    } catch (error) {
      setBanner(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('newReturn.title')}</DialogTitle>
      <FormDialogBody onSubmit={(e) => void submit(e)} banner={banner} submitLabel={t('newReturn.continue')} submitting={busy} onCancel={onClose}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('newReturn.hint')}
        </Typography>
        <TextField
          label={t('newReturn.orderNumber')}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={Boolean(problem)}
          helperText={problem ?? ' '}
          fullWidth
          size="small"
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 100, spellCheck: false } }}
        />
      </FormDialogBody>
    </Dialog>
  );
}
