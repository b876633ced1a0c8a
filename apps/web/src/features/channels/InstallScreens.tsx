import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, AlertTitle, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { ZShopifyInstallStart } from '@omnio/domain';
import { loginRedirect } from '../../shared/routing/guard';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { useSession } from '../../shared/session/useSession';
import { LoadingState } from '../../shared/ui/StateViews';
import { errorText, useMessageTextWith } from '../../shared/ui/form-helpers';
import { completeShopifyInstall, useShopifyInstall } from './api';
import { channelMessagesEs } from './i18n';
import { CREATE_INTEGRATION_PATH, forgetShopifyInstall, keepShopifyInstall, keptShopifyInstall, queryOf } from '../../shared/session/install-storage';

function Heading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h5" component="h1">{title}</Typography>
      {subtitle && <Typography color="text.secondary" sx={{ mt: 1 }}>{subtitle}</Typography>}
    </Box>
  );
}

/**
 * /install-integration (public): Shopify's app URL. Keeps its signed query (shop, hmac, timestamp, host) for this
 * tab, then goes on to create-integration, through the sign-in page when nobody is signed in.
 */
export function InstallIntegrationScreen() {
  const { t } = useTranslation('channels');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user, role } = useSession();
  const query = useMemo(() => queryOf(params), [params]);
  const shop = query.shop ?? '';
  const signedInTenant = Boolean(user) && role === 'tenant';
  const wrongRole = Boolean(user) && role !== 'tenant';

  useEffect(() => {
    if (!shop || wrongRole) return;
    keepShopifyInstall(query);
    const search = new URLSearchParams(query).toString();
    void navigate(signedInTenant ? `${CREATE_INTEGRATION_PATH}?${search}` : loginRedirect(CREATE_INTEGRATION_PATH), { replace: true });
  }, [shop, query, signedInTenant, wrongRole, navigate]);

  if (!shop) {
    return (
      <>
        <Heading title={t('install.title')} />
        <Alert severity="error" role="alert">{t('install.missingShop')}</Alert>
        <Button component={RouterLink} to={pathOf('integrations')} sx={{ mt: 2 }}>{t('install.toIntegrations')}</Button>
      </>
    );
  }
  if (wrongRole) {
    return (
      <>
        <Heading title={t('install.title')} />
        <Alert severity="warning" role="alert">{t('install.tenantOnly', { shop })}</Alert>
      </>
    );
  }
  return <LoadingState label={t('install.redirecting')} />;
}

/** /create-integration: "Connect {shop} to Omnio", then Shopify's authorize page. */
export function CreateIntegrationScreen() {
  const { t } = useTranslation('channels');
  const text = useMessageTextWith(channelMessagesEs);
  const [params] = useSearchParams();
  const fromUrl = useMemo(() => queryOf(params), [params]);
  // The query Shopify sent survives the sign-in in sessionStorage; one in the address wins.
  const query = fromUrl.shop ? fromUrl : (keptShopifyInstall() ?? {});
  const shop = query.shop ?? '';
  const [name, setName] = useState(() => shop.replace(/\.myshopify\.com$/i, ''));
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<{ message: string; noApp: boolean } | null>(null);
  const install = useShopifyInstall();

  if (!shop) {
    return (
      <>
        <Heading title={t('createIntegration.noShopTitle')} />
        <Alert severity="info">{t('createIntegration.noShop')}</Alert>
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button component={RouterLink} to={pathOf('shopify-create')} variant="contained">{t('createIntegration.toSetup')}</Button>
          <Button component={RouterLink} to={pathOf('integrations')}>{t('install.toIntegrations')}</Button>
        </Stack>
      </>
    );
  }

  const connect = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = ZShopifyInstallStart.safeParse({ shop, name: name.trim() || undefined, query });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'name') setNameError(text(issue.message));
      else setFailure({ message: text(issue?.message) ?? t('createIntegration.failed'), noApp: false });
      return;
    }
    setNameError(undefined);
    try {
      const { authorize_url } = await install.mutateAsync(parsed.data);
      forgetShopifyInstall();
      window.location.assign(authorize_url);
    } catch (error) {
      const fields = isHttpError(error, 422) ? error.fieldErrors : {};
      if (fields.name?.[0]) {
        setNameError(text(fields.name[0]));
        return;
      }
      const reason = fields.shop?.[0] ?? errorText(error);
      setFailure({ message: text(reason) ?? reason, noApp: isHttpError(error, 422) && !fields.shop });
    }
  };

  return (
    <>
      <Heading title={t('createIntegration.title', { shop })} subtitle={t('createIntegration.intro')} />
      <Box component="form" noValidate onSubmit={(e) => void connect(e)}>
        <Stack spacing={2.5}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure.message}
              {failure.noApp && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t('createIntegration.noAppHint')}{' '}
                  <Link component={RouterLink} to={pathOf('shopify-create')}>{t('createIntegration.toSetup')}</Link>
                </Typography>
              )}
            </Alert>
          )}
          <TextField label={t('createIntegration.shop')} value={shop} slotProps={{ htmlInput: { readOnly: true } }} />
          <TextField
            label={t('createIntegration.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(nameError)}
            helperText={nameError ?? t('createIntegration.nameHint')}
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" loading={install.isPending}>
            {t('createIntegration.connect')}
          </Button>
        </Stack>
      </Box>
    </>
  );
}

/** /complete-install (public): Shopify's redirect back; the whole query goes to the server once. */
export function CompleteInstallScreen() {
  const { t } = useTranslation('channels');
  const text = useMessageTextWith(channelMessagesEs);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = params.toString();
  // A query, not an effect: the code in it can be used once, and the cache keeps a re-render (or React's
  // development double mount) from sending it twice.
  const done = useQuery({
    queryKey: ['channels', 'shopify-callback', search],
    queryFn: () => completeShopifyInstall(queryOf(new URLSearchParams(search))),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const processId = done.data?.process_id;
  useEffect(() => {
    if (!processId) return;
    forgetShopifyInstall();
    void navigate(pathOf('connection-show', { id: processId }), { replace: true });
  }, [processId, navigate]);

  if (done.isError) {
    const error = done.error;
    const details = isHttpError(error, 422) ? Object.values(error.fieldErrors).flat() : [];
    const message = isHttpError(error) ? error.message : errorText(error);
    return (
      <>
        <Heading title={t('complete.title')} />
        <Alert severity="error" role="alert">
          <AlertTitle>{text('Installation failed')}</AlertTitle>
          {message !== 'Installation failed' && <Typography variant="body2">{text(message)}</Typography>}
          {details.map((d) => <Typography key={d} variant="body2">{text(d)}</Typography>)}
        </Alert>
        <Button component={RouterLink} to={pathOf('integrations')} sx={{ mt: 2 }}>{t('install.toIntegrations')}</Button>
      </>
    );
  }
  return <LoadingState label={t('complete.working')} />;
}
