import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useToast } from '../../shared/ui/toast';

/** The signing secret the server answers once (create, new secret): read-only, with copy and the warning. */
export function SecretShownOnce({ value }: { value: string }) {
  const { t } = useTranslation('webhooks');
  const toast = useToast();
  const input = useRef<HTMLInputElement | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('secret.copied'));
    } catch {
      // No clipboard (an insecure origin): select it so the user can copy by hand.
      input.current?.select();
      toast.info(t('secret.copyByHand'));
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('secret.warning')}</Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextField
          label={t('secret.label')}
          value={value}
          fullWidth
          inputRef={input}
          onFocus={(e) => e.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ flexShrink: 0 }}>
          {t('secret.copy')}
        </Button>
      </Stack>
    </Stack>
  );
}
