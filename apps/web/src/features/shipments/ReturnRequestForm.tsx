import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { RETURN_REASONS, type ReturnReason, type TShipmentReturnInput } from '@omnio/domain';
import { isHttpError } from '../../shared/api/http';
import { NATIVE_SELECT, errorText } from '../../shared/ui/form-helpers';
import type { Shipment } from './api';
import { units } from './shipment-form';

interface ReturnRequestFormProps {
  shipment: Shipment;
  onCreate(body: TShipmentReturnInput): Promise<unknown>;
}

/** Which shipped units come back, and why: a new return of this shipment. */
export function ReturnRequestForm({ shipment, onCreate }: ReturnRequestFormProps) {
  const { t } = useTranslation('shipments');
  const lines = shipment.lines.filter((l) => l.qty_returnable > 0);
  const [qty, setQty] = useState<Record<string, string>>({});
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = (id: string, max: number): string | undefined => {
    const n = units(qty[id]);
    if (Number.isNaN(n)) return t('problems.wholeNumber');
    if (n > max) return t('receive.tooMany', { count: max });
    return undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    const local = Object.fromEntries(lines.map((l) => [l.line_id, check(l.line_id, l.qty_returnable)]).filter(([, m]) => m)) as Record<string, string>;
    setErrors(local);
    if (Object.keys(local).length) return;
    const chosen = lines.filter((l) => units(qty[l.line_id]) > 0);
    if (!chosen.length) return setBanner(t('shipmentReturn.pickOne'));
    const body: TShipmentReturnInput = {
      ...(reason ? { reason } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
      lines: chosen.map((l) => ({
        line_id: l.line_id,
        quantity: units(qty[l.line_id]),
        ...(reasons[l.line_id] ? { reason: reasons[l.line_id] as ReturnReason } : {}),
      })),
    };
    setBusy(true);
    try {
      await onCreate(body);
      setQty({});
      setReasons({});
      setNotes('');
      setReason('');
    } catch (error) {
      if (isHttpError(error, 422)) {
        const byLine: Record<string, string> = {};
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          const m = /^lines\.(\d+)\./.exec(field);
          const line = m ? body.lines[Number(m[1])] : undefined;
          if (line && messages[0]) byLine[line.line_id] = messages[0];
        }
        setErrors(byLine);
      }
      setBanner(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {banner}
        </Alert>
      )}
      <Stack spacing={2} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
        {lines.map((line) => (
          <Stack key={line.line_id} direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.sku}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {line.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('create.shipped')} {line.quantity} · {t('shipmentReturn.returnable')} {line.qty_returnable}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ flex: 'none', width: { xs: '100%', md: 360 } }}>
              <TextField
                label={t('shipmentReturn.quantity')}
                type="number"
                size="small"
                value={qty[line.line_id] ?? ''}
                onChange={(e) => setQty((q) => ({ ...q, [line.line_id]: e.target.value }))}
                error={Boolean(errors[line.line_id])}
                helperText={errors[line.line_id]}
                slotProps={{ htmlInput: { min: 0, max: line.qty_returnable, step: 1, 'aria-label': `${t('shipmentReturn.quantity')} ${line.sku ?? ''}` }, inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
              <TextField
                select
                label={t('fields.reason')}
                size="small"
                value={reasons[line.line_id] ?? ''}
                onChange={(e) => setReasons((r) => ({ ...r, [line.line_id]: e.target.value }))}
                slotProps={{ ...NATIVE_SELECT, htmlInput: { 'aria-label': `${t('fields.reason')} ${line.sku ?? ''}` } }}
                sx={{ flex: 1 }}
              >
                <option value="">{t('noReason')}</option>
                {RETURN_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`reasons.${r}`)}
                  </option>
                ))}
              </TextField>
            </Stack>
          </Stack>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mt: 2, alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          label={t('shipmentReturn.returnReason')}
          size="small"
          value={reason}
          onChange={(e) => setReason(e.target.value as ReturnReason | '')}
          slotProps={NATIVE_SELECT}
          sx={{ width: { xs: '100%', md: 220 } }}
        >
          <option value="">{t('noReason')}</option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`reasons.${r}`)}
            </option>
          ))}
        </TextField>
        <TextField label={t('fields.notes')} size="small" value={notes} onChange={(e) => setNotes(e.target.value)} sx={{ flex: 1 }} />
        <Button type="submit" variant="contained" loading={busy} sx={{ flex: 'none' }}>
          {t('shipmentReturn.create')}
        </Button>
      </Stack>
    </Box>
  );
}
