import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { errorText } from '../../shared/ui/form-helpers';
import { holdUntilIso, toLocalInput } from '../../shared/format/format';

interface HoldDialogProps {
  open: boolean;
  title: string;
  /** The current hold date of a held order, offered again. */
  initial?: string | null;
  onClose(): void;
  /** Rejects to keep the dialog open with the error shown. */
  onSubmit(holdUntil: string | null): Promise<unknown>;
}

/** Spec 4: hold with an optional date and an optional time; without a date the hold lasts until released. */
export function HoldDialog({ open, title, initial, onClose, onSubmit }: HoldDialogProps) {
  const { t } = useTranslation('orders');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    const local = toLocalInput(initial);
    setDate(local.slice(0, 10));
    setTime(local ? local.slice(11, 16) : '');
    setProblem(null);
    setFailure(null);
  }, [open, initial]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!date && time) {
      setProblem(t('hold.timeNeedsDate'));
      return;
    }
    const holdUntil = holdUntilIso(date, time);
    if (date && (!holdUntil || new Date(holdUntil).getTime() <= Date.now())) {
      setProblem(t('hold.future'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await onSubmit(holdUntil);
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="hold-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="hold-title">{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <DialogContentText>{t('hold.help')}</DialogContentText>
            <TextField
              type="date"
              label={t('hold.date')}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              error={Boolean(problem)}
              helperText={problem ?? t('hold.dateHint')}
              slotProps={{ inputLabel: { shrink: true } }}
              autoFocus
              fullWidth
            />
            <TextField
              type="time"
              label={t('hold.time')}
              value={time}
              onChange={(e) => setTime(e.target.value)}
              helperText={t('hold.timeHint')}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t('lifecycle.hold')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
