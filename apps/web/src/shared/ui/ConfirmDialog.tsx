import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { errorText } from './form-helpers';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  destructive?: boolean;
  onClose(): void;
  /** Rejects with the message to show when the action failed; the dialog then stays open. */
  onConfirm(): Promise<unknown>;
  errorPrefix: string;
}

export function ConfirmDialog({ open, title, message, confirmLabel, destructive, onClose, onConfirm, errorPrefix }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      close();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorPrefix}: {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus>
          {t('actions.cancel')}
        </Button>
        <Button onClick={confirm} loading={busy} variant="contained" color={destructive ? 'error' : 'primary'}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
