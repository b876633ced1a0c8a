import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import type { ChannelTestResult } from '@omnio/domain';
import { errorText } from '../../shared/ui/form-helpers';
import { useTestChannelProcess } from './api';

type Outcome = { ok: true; result: ChannelTestResult } | { ok: false; reason: string };

/** "Test connection" for a process just created, with the store's answer (or its refusal) under it. */
export function TestConnection({ processId, variant = 'outlined' }: { processId: string; variant?: 'outlined' | 'contained' }) {
  const { t } = useTranslation('channels');
  const testIt = useTestChannelProcess(processId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    setOutcome(null);
    try {
      setOutcome({ ok: true, result: await testIt.mutateAsync() });
    } catch (error) {
      setOutcome({ ok: false, reason: errorText(error) });
    }
  };

  return (
    <Box>
      <Button variant={variant} onClick={() => void run()} loading={testIt.isPending}>{t('process.test')}</Button>
      <Box role="status" aria-live="polite" sx={{ mt: outcome ? 2 : 0 }}>
        {outcome?.ok === true && (
          <Alert severity="success">
            <AlertTitle>{t('test.ok')}</AlertTitle>
            {outcome.result.shop && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('test.shop', { name: outcome.result.shop.name, domain: outcome.result.shop.domain })}
              </Typography>
            )}
            {outcome.result.locations && outcome.result.locations.length > 0 && (
              <Typography variant="body2">{t('test.locations', { names: outcome.result.locations.map((l) => l.name).join(', ') })}</Typography>
            )}
          </Alert>
        )}
        {outcome?.ok === false && (
          <Alert severity="error">
            <AlertTitle>{t('test.failed')}</AlertTitle>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{outcome.reason}</Typography>
          </Alert>
        )}
      </Box>
    </Box>
  );
}
