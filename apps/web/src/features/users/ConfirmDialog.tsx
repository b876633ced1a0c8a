import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

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
  const { t } = useTranslation('users');
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
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="user-confirm-title" aria-describedby="user-confirm-text">
      <DialogTitle id="user-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="user-confirm-text">{message}</DialogContentText>
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
