import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useToast } from './toast';

/**
 * A secret the server answers once (an access token, a webhook or process secret): read-only, selectable,
 * with a copy button and the warning that it cannot be shown again.
 */
export function ShownOnce({ label, value, warning }: { label: string; value: string; warning: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('shownOnce.copied'));
    } catch {
      // No clipboard (an insecure origin): select it so the user can copy by hand.
      input.current?.select();
      toast.info(t('shownOnce.copyByHand'));
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{warning}</Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextField
          label={label}
          value={value}
          fullWidth
          inputRef={input}
          onFocus={(e) => e.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ flexShrink: 0 }}>
          {t('shownOnce.copy')}
        </Button>
      </Stack>
    </Stack>
  );
}
