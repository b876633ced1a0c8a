import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { useTranslation } from 'react-i18next';

export function LoadingState({ label, minHeight = 240 }: { label?: string; minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', minHeight }}>
      <Stack alignItems="center" spacing={2}>
        <CircularProgress aria-hidden />
        <Typography color="text.secondary">{label ?? t('status.loading')}</Typography>
      </Stack>
    </Box>
  );
}

export function ErrorState({ message, onRetry, sx }: { message: string; onRetry?: () => void; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      sx={sx}
      action={onRetry && (
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      )}
    >
      {message}
    </Alert>
  );
}

export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Stack alignItems="center" spacing={1.5} sx={{ py: 6, color: 'text.secondary', textAlign: 'center' }}>
      <InboxOutlinedIcon sx={{ fontSize: 48, opacity: 0.6 }} aria-hidden />
      <Typography>{message}</Typography>
      {action}
    </Stack>
  );
}
