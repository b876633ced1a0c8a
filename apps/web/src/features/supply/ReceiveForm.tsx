import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { errorText } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useShipmentCommand, type SupplyShipment } from './api';
import { BUCKETS, initialCounts, invalidCounts, outstanding, overBy, toReceiveBody, totalUnits, type ReceiveCounts } from './receive-form';

/**
 * Receiving: per line what is expected and already in, and how many units arrive now as good, hold or hurt
 * (good starts at what is outstanding). "Receive and close" settles the receipt (a short or over line
 * becomes a discrepancy); "Receive, keep open" waits for more.
 */
export function ReceiveForm({ shipment, onReceived }: { shipment: SupplyShipment; onReceived(next: SupplyShipment): void }) {
  const { t } = useTranslation('supply');
  const toast = useToast();
  const command = useShipmentCommand();
  const [counts, setCounts] = useState<ReceiveCounts>(() => initialCounts(shipment.lines));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [closing, setClosing] = useState<boolean | null>(null);
  const invalid = new Set(invalidCounts(counts));

  const set = (id: string, bucket: (typeof BUCKETS)[number], value: string) =>
    setCounts((c) => ({ ...c, [id]: { ...c[id]!, [bucket]: value } }));

  const receive = async (close: boolean) => {
    setError(null);
    if (invalid.size) return setError(t('receive.wholeNumber'));
    const body = toReceiveBody(shipment.lines, counts, close, note);
    if (!close && totalUnits(body) === 0) return setError(t('receive.nothing'));
    setClosing(close);
    try {
      const next = await command.mutateAsync({ id: shipment.id, command: { action: 'receive', body } });
      toast.success(t('receive.done', { status: t(`status.${next.status}`, { defaultValue: next.status }) }));
      setCounts(initialCounts(next.lines));
      setNote('');
      onReceived(next);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setClosing(null);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('actions.receive')}>
      <Typography variant="h6" component="h2">
        {t('actions.receive')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('receive.hint')}
      </Typography>
      <Stack spacing={1.5} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
        {shipment.lines.map((l) => {
          const over = overBy(l, counts[l.id]);
          return (
            <Box key={l.id}>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{l.sku ?? '—'}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {l.name ?? ''}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('fields.expected')} {l.qty_expected} · {t('receive.receivedSoFar')} {l.qty_received} · {t('receive.outstanding')} {outstanding(l)}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ flex: 'none' }}>
                  {BUCKETS.map((b) => (
                    <TextField
                      key={b}
                      label={t(`receive.${b}`)}
                      type="number"
                      size="small"
                      value={counts[l.id]?.[b] ?? ''}
                      onChange={(e) => set(l.id, b, e.target.value)}
                      error={invalid.has(`${l.id}.${b}`)}
                      slotProps={{ htmlInput: { min: 0, step: 1, 'aria-label': `${t(`receive.${b}`)} ${l.sku ?? l.line_no}` }, inputLabel: { shrink: true } }}
                      sx={{ width: { xs: '33%', md: 96 } }}
                    />
                  ))}
                </Stack>
              </Stack>
              {over > 0 && (
                <Alert severity="warning" sx={{ mt: 1, py: 0 }} aria-label={`${l.sku ?? l.line_no}: ${t('receive.over', { count: over })}`}>
                  {t('receive.overNow', { count: over })}
                </Alert>
              )}
            </Box>
          );
        })}
      </Stack>
      <TextField label={t('receive.note')} value={note} onChange={(e) => setNote(e.target.value)} size="small" fullWidth sx={{ mt: 2 }} slotProps={{ htmlInput: { maxLength: 500 } }} />
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="outlined" onClick={() => void receive(false)} loading={closing === false} disabled={closing !== null}>
          {t('receive.keepOpen')}
        </Button>
        <Button variant="contained" onClick={() => void receive(true)} loading={closing === true} disabled={closing !== null}>
          {t('receive.close')}
        </Button>
      </Stack>
    </Paper>
  );
}
