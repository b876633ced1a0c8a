import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Dialog, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { RECEIVE_BUCKETS, type ReceiveBucket } from '@omnio/domain';
import { useSession } from '../../shared/session/useSession';
import { FormDialogBody } from '../../shared/ui/FormDialogBody';
import { NATIVE_SELECT, errorText } from '../../shared/ui/form-helpers';
import { LoadingState } from '../../shared/ui/StateViews';
import { useIlocs } from '../../shared/ilocs/iloc-api';
import { useReturn, useReturnCommand, type ReturnSummary } from './api';
import { units } from './shipment-form';

type Counts = Record<string, Record<ReceiveBucket, string>>;

interface ReceiveDialogProps {
  ret: ReturnSummary | null;
  /** Where the units probably go back to (the shipment's iloc). */
  defaultIlocId?: string | null;
  onClose(): void;
  onDone(number: string): void;
}

/** Receive a return: every unit that arrived into good, hold or damaged at one iloc (through the ledger). */
export function ReceiveDialog({ ret, defaultIlocId, onClose, onDone }: ReceiveDialogProps) {
  const { t } = useTranslation('shipments');
  const titleId = useId();
  const session = useSession();
  const detail = useReturn(ret?.id);
  const ilocs = useIlocs(ret ? session.company?.id : undefined, { page: 1, perPage: 500, search: '', status: '', archived: false, orderBy: 'name', orderDirection: 'ASC' });
  const command = useReturnCommand();
  const [ilocId, setIlocId] = useState('');
  const [counts, setCounts] = useState<Counts>({});
  const [tried, setTried] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const options = useMemo(() => ilocs.data?.data ?? [], [ilocs.data]);
  const lines = (detail.data?.lines ?? []).filter((l) => l.quantity > l.qty_received);

  useEffect(() => {
    if (!ret) return;
    setCounts({});
    setTried(false);
    setBanner(null);
    setIlocId(ret.iloc_id ?? defaultIlocId ?? '');
  }, [ret, defaultIlocId]);
  useEffect(() => {
    if (ret && !ilocId && options[0]) setIlocId(options[0].id);
  }, [ret, ilocId, options]);

  const lineError = (id: string, left: number): string | undefined => {
    const c = counts[id];
    const all = RECEIVE_BUCKETS.map((b) => units(c?.[b]));
    if (all.some(Number.isNaN)) return t('problems.wholeNumber');
    const sum = all.reduce((a, b) => a + b, 0);
    return sum > left ? t('receive.tooMany', { count: left }) : undefined;
  };
  const total = lines.reduce((a, l) => a + RECEIVE_BUCKETS.reduce((s, b) => s + (units(counts[l.id]?.[b]) || 0), 0), 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setBanner(null);
    if (!ret || !ilocId) return;
    if (lines.some((l) => lineError(l.id, l.quantity - l.qty_received))) return;
    if (total === 0) return setBanner(t('receive.nothing'));
    const body = {
      iloc_id: ilocId,
      lines: lines
        .map((l) => ({ id: l.id, good: units(counts[l.id]?.good) || 0, hold: units(counts[l.id]?.hold) || 0, hurt: units(counts[l.id]?.hurt) || 0 }))
        .filter((l) => l.good + l.hold + l.hurt > 0),
    };
    try {
      await command.mutateAsync({ id: ret.id, command: { action: 'receive', body } });
      onDone(ret.number);
    } catch (error) {
      setBanner(errorText(error));
    }
  };

  return (
    <Dialog open={Boolean(ret)} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('receive.title', { number: ret?.number ?? '' })}</DialogTitle>
      <FormDialogBody onSubmit={(e) => void submit(e)} banner={banner} submitLabel={t('receive.submit')} submitting={command.isPending} onCancel={onClose}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('receive.hint')}
        </Typography>
        <TextField
          select
          label={t('receive.iloc')}
          value={ilocId}
          onChange={(e) => setIlocId(e.target.value)}
          size="small"
          fullWidth
          required
          slotProps={NATIVE_SELECT}
          sx={{ mb: 2 }}
        >
          {!ilocId && <option value="" />}
          {options.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </TextField>
        {detail.isPending ? (
          <LoadingState minHeight={120} />
        ) : (
          <Stack spacing={2}>
            {lines.map((line) => {
              const left = line.quantity - line.qty_received;
              const error = lineError(line.id, left);
              return (
                <Box key={line.id}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {line.sku} <Typography component="span" variant="body2" color="text.secondary">{line.name}</Typography>
                  </Typography>
                  <Typography variant="caption" color={error ? 'error' : 'text.secondary'} role={error ? 'alert' : undefined}>
                    {error ?? t('receive.left', { count: left })}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                    {RECEIVE_BUCKETS.map((bucket) => (
                      <TextField
                        key={bucket}
                        label={t(`receive.${bucket}`)}
                        type="number"
                        size="small"
                        value={counts[line.id]?.[bucket] ?? ''}
                        error={tried && Boolean(error)}
                        onChange={(e) => setCounts((c) => ({ ...c, [line.id]: { good: '', hold: '', hurt: '', ...c[line.id], [bucket]: e.target.value } }))}
                        slotProps={{ htmlInput: { min: 0, max: left, step: 1, 'aria-label': `${t(`receive.${bucket}`)} ${line.sku ?? ''}` }, inputLabel: { shrink: true } }}
                        sx={{ flex: 1, minWidth: 0 }}
                      />
                    ))}
                  </Stack>
                </Box>
              );
            })}
          </Stack>
        )}
      </FormDialogBody>
    </Dialog>
  );
}
