import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogTitle, TextField, Typography } from '@mui/material';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { errorText } from '../../shared/ui/form-helpers';
import { isHttpError } from '../../shared/api/http';
import { formatMoney } from '../../shared/format/format';
import { useReturnCommand, type ReturnSummary } from './api';

interface RefundDialogProps {
  ret: ReturnSummary | null;
  onClose(): void;
  onDone(number: string): void;
}

/** Pay (part of) what a return's units cost: empty means everything still owed. */
export function RefundDialog({ ret, onClose, onDone }: RefundDialogProps) {
  const { t, i18n } = useTranslation('shipments');
  const titleId = useId();
  const command = useReturnCommand();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  useEffect(() => {
    setAmount('');
    setError(null);
    setBanner(null);
  }, [ret]);
  const owed = ret ? Math.max(0, Number(ret.refundable_amount) - Number(ret.refund_amount)) : 0;
  const money = (v: number | string) => formatMoney(v, ret?.currency, i18n.language);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ret) return;
    const value = amount.trim().replace(',', '.');
    if (value && (!/^\d+(\.\d{1,2})?$/.test(value) || Number(value) <= 0)) return setError(t('refund.invalid'));
    setError(null);
    setBanner(null);
    try {
      await command.mutateAsync({ id: ret.id, command: { action: 'refund', body: value ? { amount: value } : {} } });
      onDone(ret.number);
    } catch (err) {
      if (isHttpError(err, 422) && err.fieldErrors.amount?.[0]) setError(err.fieldErrors.amount[0]);
      else setBanner(errorText(err));
    }
  };

  return (
    <Dialog open={Boolean(ret)} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('refund.title', { number: ret?.number ?? '' })}</DialogTitle>
      <FormDialogBody onSubmit={(e) => void submit(e)} banner={banner} submitLabel={t('refund.submit')} submitting={command.isPending} onCancel={onClose}>
        <Typography sx={{ mb: 2 }}>{t('refund.owed', { amount: money(owed.toFixed(2)), total: money(ret?.refundable_amount ?? '0') })}</Typography>
        <TextField
          label={t('refund.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? t('refund.amountHint')}
          fullWidth
          size="small"
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </FormDialogBody>
    </Dialog>
  );
}
