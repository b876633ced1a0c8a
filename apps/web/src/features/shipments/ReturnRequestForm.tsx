import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { RETURN_REASONS, type ReturnReason, type TShipmentReturnInput } from '@omnio/domain';
import { isHttpError } from '../../shared/api/http';
import { NATIVE_SELECT, errorText } from '../../shared/ui/form-helpers';
import { units } from './shipment-form';

/** A line that units may come back from: of a shipment, or of an order whatever shipped it. */
export interface ReturnFormLine {
  line_id: string;
  /** What names the line (its SKU): shown in bold and in the fields' accessible names. */
  label: string;
  /** A second line of text (the product's name). */
  detail?: string | null;
  shipped: number;
  /** Shipped units no other return (not rejected) claims yet. */
  returnable: number;
}

interface ReturnRequestFormProps {
  lines: readonly ReturnFormLine[];
  onCreate(body: TShipmentReturnInput): Promise<unknown>;
  /** Drawn before the submit button (e.g. Cancel). */
  secondaryAction?: ReactNode;
}

const ONLY_LEFT = /^Only (\d+) shipped units of this line can still be returned$/;
const NONE_LEFT = 'No shipped unit of this line is left to return';
const qtyId = (lineId: string) => `return-qty-${lineId}`;

/** Which shipped units come back, and why: a new return of these lines (those with returnable units). */
export function ReturnRequestForm({ lines: all, onCreate, secondaryAction }: ReturnRequestFormProps) {
  const { t } = useTranslation('shipments');
  const lines = all.filter((l) => l.returnable > 0);
  // The server's 422 about a line's units, in the user's language when it is one of the known rules.
  const lineMessage = (message: string): string => {
    const only = ONLY_LEFT.exec(message);
    if (only) return t('shipmentReturn.onlyLeft', { count: Number(only[1]) });
    return message === NONE_LEFT ? t('shipmentReturn.noneLeft') : message;
  };
  const [qty, setQty] = useState<Record<string, string>>({});
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = (id: string, max: number): string | undefined => {
    const n = units(qty[id]);
    if (Number.isNaN(n)) return t('shipmentReturn.wholeNumber', { count: max });
    if (n > max) return t('receive.tooMany', { count: max });
    return undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    const local = Object.fromEntries(lines.map((l) => [l.line_id, check(l.line_id, l.returnable)]).filter(([, m]) => m)) as Record<string, string>;
    setErrors(local);
    const firstBad = lines.find((l) => local[l.line_id]);
    if (firstBad) {
      setBanner(t('shipmentReturn.fix'));
      document.getElementById(qtyId(firstBad.line_id))?.focus();
      return;
    }
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
          if (line && messages[0]) byLine[line.line_id] = lineMessage(messages[0]);
        }
        setErrors(byLine);
        setBanner(Object.keys(byLine).length ? t('shipmentReturn.fix') : errorText(error));
      } else {
        setBanner(errorText(error));
      }
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
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.label}</Typography>
              {line.detail && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {line.detail}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary">
                {t('create.shipped')} {line.shipped} · {t('shipmentReturn.returnable')} {line.returnable}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ flex: 'none', width: { xs: '100%', md: 360 } }}>
              <TextField
                id={qtyId(line.line_id)}
                label={t('shipmentReturn.quantity')}
                type="number"
                size="small"
                value={qty[line.line_id] ?? ''}
                onChange={(e) => {
                  setQty((q) => ({ ...q, [line.line_id]: e.target.value }));
                  // A corrected line drops its message; the banner goes with the last one.
                  if (errors[line.line_id]) {
                    const { [line.line_id]: _fixed, ...rest } = errors;
                    setErrors(rest);
                    if (!Object.keys(rest).length) setBanner(null);
                  }
                }}
                error={Boolean(errors[line.line_id])}
                helperText={errors[line.line_id]}
                slotProps={{ htmlInput: { min: 0, max: line.returnable, step: 1, 'aria-label': `${t('shipmentReturn.quantity')} ${line.label}` }, inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
              <TextField
                select
                label={t('fields.reason')}
                size="small"
                value={reasons[line.line_id] ?? ''}
                onChange={(e) => setReasons((r) => ({ ...r, [line.line_id]: e.target.value }))}
                slotProps={{ ...NATIVE_SELECT, htmlInput: { 'aria-label': `${t('fields.reason')} ${line.label}` } }}
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
        <TextField label={t('fields.notes')} size="small" value={notes} onChange={(e) => setNotes(e.target.value)} sx={{ flex: 1 }} slotProps={{ htmlInput: { maxLength: 5000 } }} />
        <Stack direction="row" spacing={1} sx={{ flex: 'none', justifyContent: 'flex-end' }}>
          {secondaryAction}
          <Button type="submit" variant="contained" loading={busy}>
            {t('shipmentReturn.create')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
