import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Collapse, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { ZChannelSettings, ZShopifyInstallStart, type TProcessCreate } from '@omnio/domain';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { PageHeader } from '../../shared/ui/PageHeader';
import { PasswordField } from '../../shared/ui/PasswordField';
import { applyFieldErrors, errorText, useMessageField } from '../../shared/ui/form-helpers';
import { useCreateChannelProcess, useShopifyInstall } from './api';
import { channelMessagesEs } from './i18n';
import { forgetShopifyInstall } from '../../shared/session/install-storage';
import { SHOPIFY_DEFAULT_ACTIONS } from './setup';

/** The state /connections/:id reads to show a new connection's webhook secret once. */
export interface CreatedState {
  webhookSecret: string;
}

const shopField = ZShopifyInstallStart.shape.shop;

/** /services/shopify-create and /services/shopify-api-rest: connect a Shopify store by OAuth or by access token. */
export function ShopifyCreatePage() {
  const { t } = useTranslation('channels');
  const tokenName = useRef<HTMLInputElement | null>(null);
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('shopify.title')}
        subtitle={t('shopify.intro')}
        actions={
          <Button component={RouterLink} to={pathOf('integrations')} startIcon={<ArrowBack />}>
            {t('shopify.back')}
          </Button>
        }
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <InstallFromShopify onUseToken={() => tokenName.current?.focus()} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <AccessTokenForm nameRef={tokenName} />
        </Grid>
      </Grid>
    </Box>
  );
}

const ZInstallForm = z.object({ shop: shopField, name: z.string().trim().max(100) });
type InstallValues = z.input<typeof ZInstallForm>;

function InstallFromShopify({ onUseToken }: { onUseToken(): void }) {
  const { t } = useTranslation('channels');
  const install = useShopifyInstall();
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm<InstallValues, unknown, z.output<typeof ZInstallForm>>({ resolver: zodResolver(ZInstallForm), defaultValues: { shop: '', name: '' } });
  const field = useMessageField(form, channelMessagesEs);

  const submit = form.handleSubmit(async (values) => {
    setRefused(null);
    try {
      const { authorize_url } = await install.mutateAsync({ shop: values.shop, ...(values.name ? { name: values.name } : {}) });
      // The seller started here, not in Shopify's admin: no kept install should send them anywhere after sign-in.
      forgetShopifyInstall();
      window.location.assign(authorize_url);
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (k) => (k === 'shop' || k === 'name' ? k : null), form.setError);
      if (!matched || unmatched.length) setRefused(unmatched.length ? unmatched.join(' ') : errorText(error));
    }
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="shopify-install-title" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography variant="h6" component="h2" id="shopify-install-title">{t('shopify.install.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('shopify.install.intro')}</Typography>
      <form onSubmit={submit} noValidate aria-labelledby="shopify-install-title">
        <Stack spacing={2}>
          {refused && (
            <Alert
              severity="error"
              role="alert"
              action={
                <Button color="inherit" size="small" onClick={onUseToken}>
                  {t('shopify.install.useToken')}
                </Button>
              }
            >
              {t('shopify.install.refused', { reason: refused })}
            </Alert>
          )}
          <TextField
            {...field('shop', t('shopify.install.shopHint'))}
            label={t('shopify.fields.shop')}
            placeholder="acme.myshopify.com"
            required
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', inputMode: 'url' } }}
          />
          <TextField {...field('name', t('shopify.fields.nameHint'))} label={t('shopify.fields.nameOptional')} />
          <Box>
            <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
              {t('shopify.install.submit')}
            </Button>
          </Box>
        </Stack>
      </form>
    </Paper>
  );
}

const ZTokenForm = z.object({
  name: z.string().trim().min(1, { message: 'The name is required' }).max(100),
  shop_domain: shopField,
  access_token: z.string().trim().min(1, { message: 'The access token is required' }).max(4000),
  client_secret: z.string().trim().max(4000),
  api_base_url: z.union([z.literal(''), ZChannelSettings.shape.api_base_url.unwrap().unwrap()]),
});
type TokenValues = z.input<typeof ZTokenForm>;
const TOKEN_FIELDS: Record<string, keyof TokenValues> = {
  name: 'name',
  'credentials.shop_domain': 'shop_domain',
  'credentials.access_token': 'access_token',
  'credentials.client_secret': 'client_secret',
  'settings.api_base_url': 'api_base_url',
};

function AccessTokenForm({ nameRef }: { nameRef: React.RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const create = useCreateChannelProcess();
  const [banner, setBanner] = useState<string | null>(null);
  const [advanced, setAdvanced] = useState(false);
  const form = useForm<TokenValues, unknown, z.output<typeof ZTokenForm>>({
    resolver: zodResolver(ZTokenForm),
    defaultValues: { name: '', shop_domain: '', access_token: '', client_secret: '', api_base_url: '' },
  });
  const field = useMessageField(form, channelMessagesEs);
  const { inputRef: nameInputRef, ...nameProps } = field('name');

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    const body: TProcessCreate = {
      name: values.name,
      driver: 'shopify',
      credentials: {
        shop_domain: values.shop_domain,
        access_token: values.access_token,
        ...(values.client_secret ? { client_secret: values.client_secret } : {}),
      },
      ...(values.api_base_url ? { settings: { api_base_url: values.api_base_url } } : {}),
      actions: SHOPIFY_DEFAULT_ACTIONS,
    };
    try {
      const created = await create.mutateAsync(body);
      void navigate(pathOf('connection-show', { id: created.id }), { state: { webhookSecret: created.webhook_secret } satisfies CreatedState });
    } catch (error) {
      const fieldOf = (k: string) => TOKEN_FIELDS[k] ?? null;
      if (isHttpError(error, 422) && Object.keys(error.fieldErrors).some((k) => fieldOf(k) === 'api_base_url')) setAdvanced(true);
      const { matched, unmatched } = applyFieldErrors(error, fieldOf, form.setError);
      if (!matched || unmatched.length) setBanner(`${t('shopify.token.failed')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="shopify-token-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" id="shopify-token-title">{t('shopify.token.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('shopify.token.intro')}</Typography>
      <form onSubmit={submit} noValidate aria-labelledby="shopify-token-title">
        {banner && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{banner}</Alert>}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...nameProps}
              inputRef={(el: HTMLInputElement | null) => {
                nameInputRef(el);
                nameRef.current = el;
              }}
              label={t('shopify.fields.name')}
              required
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...field('shop_domain')}
              label={t('shopify.fields.shopDomain')}
              placeholder="acme.myshopify.com"
              required
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', inputMode: 'url' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordField {...field('access_token', t('shopify.fields.accessTokenHint'))} label={t('shopify.fields.accessToken')} required autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordField {...field('client_secret', t('shopify.fields.clientSecretHint'))} label={t('shopify.fields.clientSecret')} autoComplete="off" />
          </Grid>
          <Grid size={12}>
            <Button
              size="small"
              onClick={() => setAdvanced((v) => !v)}
              aria-expanded={advanced}
              aria-controls="shopify-token-advanced"
              endIcon={<ExpandMoreIcon sx={{ transform: advanced ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
            >
              {t('shopify.token.advanced')}
            </Button>
            <Collapse in={advanced} id="shopify-token-advanced">
              <Box sx={{ pt: 2 }}>
                <TextField
                  {...field('api_base_url', t('settings.apiBaseUrlHint'))}
                  type="url"
                  label={t('settings.apiBaseUrl')}
                  placeholder="https://shop.example.com"
                  slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
                />
              </Box>
            </Collapse>
          </Grid>
        </Grid>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('shopify.token.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
