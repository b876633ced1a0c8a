import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, AlertTitle, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { CHANNEL_CREDENTIAL_KEYS } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { errorText } from '../../shared/ui/form-helpers';
import { useChannelProcess } from './api';
import { installBigCommerce, loadBigCommerce, useWooCommerceAuthorize, type InstalledProcess } from './channel-install-api';
import { TestConnection } from './TestConnection';

/** The keys WooCommerce's key generation fills in. */
const WOO_GENERATED = ['consumer_key', 'consumer_secret'] as const;

/**
 * /services/woocommerce21-create/:id: WooCommerce sends the seller back here after its key-generation page
 * (`success=1|0&user_id=…`). The keys themselves went server to server; this screen reads which arrived.
 */
export function WooCommerceReturnScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const { t } = useTranslation('channels');
  const process = useChannelProcess(id);
  const authorize = useWooCommerceAuthorize();
  const refused = params.get('success') === '0';

  const tryAgain = async () => {
    try {
      const { authorize_url } = await authorize.mutateAsync(id);
      window.location.assign(authorize_url);
    } catch {
      // Shown by the alert under the button.
    }
  };

  const header = <PageHeader title={t('wooReturn.title')} subtitle={t('wooReturn.intro')} />;
  if (process.isPending) return <>{header}<LoadingState label={t('wooReturn.checking')} /></>;
  if (process.isError) {
    const missing = isHttpError(process.error, 404);
    return (
      <>
        {header}
        <ErrorState
          message={missing ? t('process.notFound') : `${t('process.loadFailed')}: ${errorText(process.error)}`}
          onRetry={missing ? undefined : () => void process.refetch()}
        />
      </>
    );
  }
  const p = process.data;
  const arrived = WOO_GENERATED.every((k) => p.credentials[k] === true);
  const keys = CHANNEL_CREDENTIAL_KEYS.woocommerce ?? [];

  return (
    <Box sx={{ minWidth: 0 }}>
      {header}
      <Paper variant="outlined" component="section" aria-labelledby="woo-return-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" id="woo-return-title" sx={{ mb: 2, overflowWrap: 'anywhere' }}>{p.name}</Typography>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {refused ? (
            <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
              <AlertTitle>{t('wooReturn.refusedTitle')}</AlertTitle>
              {t('wooReturn.refused')}
            </Alert>
          ) : arrived ? (
            <Alert severity="success" sx={{ alignSelf: 'stretch' }}>
              <AlertTitle>{t('wooReturn.arrivedTitle')}</AlertTitle>
              {t('wooReturn.arrived')}
            </Alert>
          ) : (
            <Alert
              severity="warning"
              sx={{ alignSelf: 'stretch' }}
              action={<Button color="inherit" size="small" onClick={() => void process.refetch()} loading={process.isFetching}>{t('wooReturn.checkAgain')}</Button>}
            >
              <AlertTitle>{t('wooReturn.missingTitle')}</AlertTitle>
              {t('wooReturn.missing')}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} component="ul" aria-label={t('credentials.title')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {keys.map((k) => (
              <li key={k}>
                <Chip
                  size="small"
                  variant={p.credentials[k] ? 'filled' : 'outlined'}
                  color={p.credentials[k] ? 'success' : 'default'}
                  label={`${t(`credentialKeys.${k}`, { defaultValue: k })}: ${p.credentials[k] ? t('credentials.set') : t('credentials.notSet')}`}
                />
              </li>
            ))}
          </Stack>
          {arrived && <TestConnection processId={p.id} />}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignSelf: 'stretch' }}>
            {(refused || !arrived) && (
              <Button variant={refused ? 'contained' : 'outlined'} onClick={() => void tryAgain()} loading={authorize.isPending}>
                {t('wooReturn.tryAgain')}
              </Button>
            )}
            <Button component={RouterLink} to={pathOf('connection-show', { id: p.id })} variant={arrived ? 'contained' : 'outlined'}>
              {t('setup.openConnection')}
            </Button>
          </Stack>
          {authorize.isError && <Alert severity="error" role="alert">{`${t('setup.generateFailed')}: ${errorText(authorize.error)}`}</Alert>}
        </Stack>
      </Paper>
    </Box>
  );
}

/** Runs a BigCommerce callback once (a query: the code in it is single-use) and opens the connection it made. */
function useBigCommerceCallback(kind: 'install' | 'load', run: (() => Promise<InstalledProcess>) | null, search: string) {
  const navigate = useNavigate();
  const done = useQuery({
    queryKey: ['channels', 'bigcommerce', kind, search],
    enabled: run !== null,
    queryFn: () => run!(),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const processId = done.data?.process_id;
  useEffect(() => {
    if (processId) void navigate(pathOf('connection-show', { id: processId }), { replace: true });
  }, [processId, navigate]);
  return done;
}

function CallbackState({ title, working, done, missing }: {
  title: string;
  working: string;
  done: { isError: boolean; error: unknown; refetch(): unknown; isFetching: boolean };
  missing: boolean;
}) {
  const { t } = useTranslation('channels');
  const details = isHttpError(done.error, 422) ? Object.values(done.error.fieldErrors).flat() : [];
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={title} />
      {missing ? (
        <Alert severity="error" role="alert">{t('bcInstall.missing')}</Alert>
      ) : done.isError ? (
        <Alert
          severity="error"
          role="alert"
          action={<Button color="inherit" size="small" onClick={() => void done.refetch()} loading={done.isFetching}>{t('bcInstall.retry')}</Button>}
        >
          <AlertTitle>{t('bcInstall.failed')}</AlertTitle>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{errorText(done.error)}</Typography>
          {details.map((d) => <Typography key={d} variant="body2">{d}</Typography>)}
        </Alert>
      ) : (
        <LoadingState label={working} />
      )}
      {(missing || done.isError) && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button component={RouterLink} to={pathOf('bigcommerce-create')}>{t('bcInstall.toSetup')}</Button>
          <Button component={RouterLink} to={pathOf('integrations')}>{t('install.toIntegrations')}</Button>
        </Stack>
      )}
    </Box>
  );
}

/** /services/bigcommerce-connector?code&scope&context: BigCommerce's app install callback. */
export function BigCommerceConnectorScreen() {
  const { t } = useTranslation('channels');
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const scope = params.get('scope') ?? '';
  const context = params.get('context') ?? '';
  const accountUuid = params.get('account_uuid');
  const missing = !code || !context;
  const done = useBigCommerceCallback(
    'install',
    missing ? null : () => installBigCommerce({ code, scope, context, ...(accountUuid ? { account_uuid: accountUuid } : {}) }),
    params.toString(),
  );
  return <CallbackState title={t('bcInstall.title')} working={t('bcInstall.working')} done={done} missing={missing} />;
}

/** /services/bigcommerce?signed_payload_jwt=…: the app opened from the store's admin. */
export function BigCommerceLoadScreen() {
  const { t } = useTranslation('channels');
  const [params] = useSearchParams();
  const jwt = params.get('signed_payload_jwt') ?? '';
  const done = useBigCommerceCallback('load', jwt ? () => loadBigCommerce(jwt) : null, jwt);
  return <CallbackState title={t('bcInstall.loadTitle')} working={t('bcInstall.loadWorking')} done={done} missing={!jwt} />;
}
