import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Divider, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { ZPoAcknowledgeInput } from '@omnio/domain';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useAcknowledge, type AcknowledgeBody, type PurchaseOrder } from './api';
import { usePoErrorText } from '../../shared/forms/po-form-fields';

interface Row {
  quantity: string;
  date: string;
}

const initialRows = (po: PurchaseOrder): Row[] =>
  po.lines.map((l) => ({
    quantity: String(l.confirmed_quantity ?? l.quantity),
    date: (l.confirmed_date ?? po.estimated_delivery ?? '').slice(0, 10),
  }));

/**
 * The supplier confirms, per line, how many units it will ship and when (spec 2 supplier menu). Below the
 * ordered quantity makes the PO partially confirmed; the server decides the status.
 */
export function AcknowledgeForm({ po, onDone }: { po: PurchaseOrder; onDone?: () => void }) {
  const { t } = useTranslation('purchaseOrders');
  const errorOf = usePoErrorText();
  const toast = useToast();
  const acknowledge = useAcknowledge();
  const [rows, setRows] = useState<Row[]>(() => initialRows(po));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  const set = (index: number, patch: Partial<Row>) => setRows((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    const found: Record<string, string> = {};
    rows.forEach((r, i) => {
      if (!/^\d{1,9}$/.test(r.quantity.trim())) found[`lines.${i}.confirmed_quantity`] = 'validation.confirmedQuantity';
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    const body: AcknowledgeBody = {
      lines: po.lines.map((l, i) => ({ line_id: l.id, confirmed_quantity: Number(rows[i]!.quantity), confirmed_date: rows[i]!.date || null })),
    };
    const parsed = ZPoAcknowledgeInput.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    try {
      const saved = await acknowledge.mutateAsync({ id: po.id, body });
      toast.success(t('notices.acknowledged', { number: saved.number, status: t(`status.${saved.status}`) }));
      onDone?.();
    } catch (error) {
      const fieldErrors = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
      const keyed = Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
      setErrors(keyed);
      setBanner(`${t('errors.acknowledge')}: ${errorText(error)}`);
      window.setTimeout(() => bannerRef.current?.focus(), 0);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="po-ack-title" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id="po-ack-title">
        {t('ack.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('ack.help')}
      </Typography>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('ack.title')}>
        <Stack spacing={2} divider={<Divider flexItem />}>
          {banner && (
            <Alert severity="error" ref={bannerRef} tabIndex={-1}>
              {banner}
            </Alert>
          )}
          {po.lines.map((l, i) => {
            const qtyError = errorOf(errors[`lines.${i}.confirmed_quantity`]);
            const dateError = errorOf(errors[`lines.${i}.confirmed_date`]);
            return (
              <Grid container spacing={2} key={l.id} role="group" aria-label={t('ack.lineLabel', { sku: l.sku })} sx={{ alignItems: 'center' }}>
                <Grid size={{ xs: 12, md: 5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {l.sku}
                    {l.supplier_sku ? ` · ${l.supplier_sku}` : ''}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {l.name ? `${l.name} · ` : ''}
                    {t('ack.ordered', { count: l.quantity })}
                  </Typography>
                </Grid>
                <Grid size={{ xs: 6, md: 3 }}>
                  <TextField
                    fullWidth
                    size="small"
                    label={t('ack.quantity')}
                    value={rows[i]!.quantity}
                    onChange={(e) => set(i, { quantity: e.target.value })}
                    error={Boolean(qtyError)}
                    helperText={qtyError}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                </Grid>
                <Grid size={{ xs: 6, md: 4 }}>
                  <TextField
                    fullWidth
                    size="small"
                    type="date"
                    label={t('ack.date')}
                    value={rows[i]!.date}
                    onChange={(e) => set(i, { date: e.target.value })}
                    error={Boolean(dateError)}
                    helperText={dateError}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                </Grid>
              </Grid>
            );
          })}
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
          {onDone && <Button onClick={onDone}>{t('actions.cancel')}</Button>}
          <Button type="submit" variant="contained" loading={acknowledge.isPending}>
            {t('ack.submit')}
          </Button>
        </Box>
      </form>
    </Paper>
  );
}
