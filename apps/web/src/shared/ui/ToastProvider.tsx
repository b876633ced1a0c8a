import { useEffect, useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { subscribeToasts, type ToastMessage } from './toast';

const AUTO_HIDE_MS = 5000;

/** Draws toasts one at a time, the rest queued, so quick successive messages are all read. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastMessage[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  useEffect(
    () =>
      subscribeToasts((toast) => {
        setQueue((q) => [...q, toast]);
        setOpen(true);
      }),
    [],
  );

  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={open}
          autoHideDuration={AUTO_HIDE_MS}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          slotProps={{
            transition: {
              onExited: () => {
                setQueue((q) => q.slice(1));
                setOpen(true);
              },
            },
          }}
        >
          <Alert onClose={close} severity={current.severity} variant="filled" sx={{ width: '100%', maxWidth: 480 }}>
            {current.title && <AlertTitle>{current.title}</AlertTitle>}
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </>
  );
}
