import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertTitle, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { useSession } from '../../shared/session/useSession';
import { errorText } from '../../shared/ui/form-helpers';
import { formatDateTime } from '../../shared/format/format';
import { useTestMailConfiguration, type MailConfiguration, type MailTestResult } from './api';

/** "Send test": one message through the saved configuration now; shows ok or the SMTP server's answer. */
export function MailTestPanel({ config }: { config: MailConfiguration }) {
  const { t } = useTranslation('mailSettings');
  const session = useSession();
  const test = useTestMailConfiguration();
  const [to, setTo] = useState('');
  const [result, setResult] = useState<MailTestResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async () => {
    setResult(null);
    setFailure(null);
    try {
      setResult(await test.mutateAsync(to.trim() || null));
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="mail-test-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" id="mail-test-title">
        {t('test.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('test.help', { email: session.user?.email ?? '' })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField size="small" type="email" label={t('test.to')} value={to} onChange={(e) => setTo(e.target.value)} placeholder={session.user?.email ?? ''} sx={{ flex: 1 }} />
        <Button variant="outlined" startIcon={<SendOutlined />} onClick={() => void send()} loading={test.isPending} disabled={!session.can('update-company')}>
          {t('test.send')}
        </Button>
      </Stack>
      <Stack spacing={1} sx={{ mt: 2 }} aria-live="polite">
        {result?.ok === true && <Alert severity="success">{t('test.ok')}</Alert>}
        {result?.ok === false && (
          <Alert severity="error">
            <AlertTitle>{t('test.failed')}</AlertTitle>
            <Typography variant="body2" component="code" sx={{ overflowWrap: 'anywhere' }}>
              {result.error}
            </Typography>
          </Alert>
        )}
        {failure && <Alert severity="error">{`${t('errors.test')}: ${failure}`}</Alert>}
        {!result && !failure && config.last_test_at && (
          <Typography variant="body2" color={config.last_test_ok ? 'success.main' : 'error.main'}>
            {config.last_test_ok
              ? t('test.lastOk', { date: formatDateTime(config.last_test_at) })
              : t('test.lastFailed', { date: formatDateTime(config.last_test_at), error: config.last_test_error ?? '' })}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
