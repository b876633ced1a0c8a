import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Chip, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  CHANNEL_CREDENTIAL_KEYS, CHANNEL_REQUIRED_CREDENTIALS, DEFAULT_KEEP_PAGES_DAYS, MAX_KEEP_PAGES_DAYS, ZChannelSettings,
  type ChannelProcessItem,
} from '@omnio/domain';
import { PasswordField } from '../../shared/ui/PasswordField';
import { applyFieldErrors, errorText, useMessageField } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useUpdateChannelProcess } from './api';
import { channelMessagesEs } from './i18n';

/** A titled card of the process page. */
export function Card({ title, subtitle, children, id, action }: { title: string; subtitle?: string; children: ReactNode; id: string; action?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" id={id} sx={{ fontSize: 18 }}>{title}</Typography>
          {subtitle && <Typography variant="body2" color="text.secondary">{subtitle}</Typography>}
        </Box>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** Keys that are addresses, not secrets: typed in plain text (their stored value is still never shown). */
const PLAIN_KEYS = new Set(['shop_domain', 'store_url', 'store_hash', 'sftp_host', 'sftp_port', 'username', 'inbound_dir', 'outbound_dir']);

/** Which credentials are set, and a field to replace each; values never come back from the server. */
export function CredentialsCard({ process, canEdit }: { process: ChannelProcessItem; canEdit: boolean }) {
  const { t } = useTranslation('channels');
  const toast = useToast();
  const update = useUpdateChannelProcess(process.id);
  const keys = [...new Set([...(CHANNEL_CREDENTIAL_KEYS[process.driver] ?? []), ...Object.keys(process.credentials)])];
  const required = CHANNEL_REQUIRED_CREDENTIALS[process.driver] ?? [];
  const empty = Object.fromEntries(keys.map((k) => [k, '']));
  const form = useForm<Record<string, string>>({ defaultValues: empty });
  const field = useMessageField(form, channelMessagesEs);
  const [banner, setBanner] = useState<string | null>(null);
  const label = (key: string) => t(`credentialKeys.${key}`, { defaultValue: key });

  const send = async (credentials: Record<string, string>) => {
    setBanner(null);
    try {
      await update.mutateAsync({ credentials });
      form.reset(empty);
      toast.success(t('credentials.saved'));
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (k) => (k.startsWith('credentials.') && keys.includes(k.slice(12)) ? k.slice(12) : null), form.setError);
      if (!matched || unmatched.length) setBanner(`${t('credentials.failed')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  };
  const submit = form.handleSubmit(async (values) => {
    const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    if (Object.keys(given).length === 0) {
      setBanner(t('credentials.nothing'));
      return;
    }
    await send(given);
  });

  return (
    <Card id="credentials-title" title={t('credentials.title')} subtitle={canEdit ? t('credentials.intro') : t('credentials.introReadOnly')}>
      <form onSubmit={submit} noValidate aria-labelledby="credentials-title">
        {banner && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{banner}</Alert>}
        <Stack spacing={2}>
          {keys.map((key) => {
            const set = process.credentials[key] === true;
            const props = field(key, set ? t('credentials.keepHint') : undefined);
            return (
              <Box key={key}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.75 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>{label(key)}</Typography>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={set ? 'success' : required.includes(key) ? 'warning' : 'default'}
                    label={set ? t('credentials.set') : t('credentials.notSet')}
                    data-testid={`credential-${key}`}
                  />
                  {set && canEdit && !required.includes(key) && (
                    <Button size="small" color="error" onClick={() => void send({ [key]: '' })} aria-label={t('credentials.removeNamed', { key: label(key) })}>
                      {t('credentials.remove')}
                    </Button>
                  )}
                </Stack>
                {canEdit && (PLAIN_KEYS.has(key) ? (
                  <TextField {...props} size="small" label={set ? t('credentials.replace', { key: label(key) }) : label(key)}
                    slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }} />
                ) : (
                  <PasswordField {...props} size="small" autoComplete="new-password" label={set ? t('credentials.replace', { key: label(key) }) : label(key)} />
                ))}
              </Box>
            );
          })}
        </Stack>
        {canEdit && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" loading={update.isPending}>{t('credentials.save')}</Button>
          </Stack>
        )}
      </form>
    </Card>
  );
}

const ZSettingsForm = z.object({
  api_base_url: z.union([z.literal(''), ZChannelSettings.shape.api_base_url.unwrap().unwrap()]),
  keep_pages_days: z
    .string()
    .trim()
    .regex(/^\d+$/, { message: `Between 0 and ${MAX_KEEP_PAGES_DAYS}` })
    .refine((v) => Number(v) <= MAX_KEEP_PAGES_DAYS, { message: `Between 0 and ${MAX_KEEP_PAGES_DAYS}` }),
  initial_date: z.union([z.literal(''), ZChannelSettings.shape.initial_date.unwrap().unwrap()]),
});
type SettingsValues = z.input<typeof ZSettingsForm>;
const SETTINGS_FIELDS = ['api_base_url', 'keep_pages_days', 'initial_date'] as const;

/** api_base_url (a test or self-hosted address), how long raw pages are kept, and the first order date. */
export function SettingsCard({ process, canEdit }: { process: ChannelProcessItem; canEdit: boolean }) {
  const { t } = useTranslation('channels');
  const toast = useToast();
  const update = useUpdateChannelProcess(process.id);
  const [banner, setBanner] = useState<string | null>(null);
  const values: SettingsValues = {
    api_base_url: process.settings.api_base_url ?? '',
    keep_pages_days: String(process.settings.keep_pages_days ?? DEFAULT_KEEP_PAGES_DAYS),
    initial_date: process.settings.initial_date ?? '',
  };
  const form = useForm<SettingsValues, unknown, z.output<typeof ZSettingsForm>>({ resolver: zodResolver(ZSettingsForm), values });
  const field = useMessageField(form, channelMessagesEs);

  const submit = form.handleSubmit(async (v) => {
    setBanner(null);
    try {
      await update.mutateAsync({
        settings: {
          ...process.settings,
          api_base_url: v.api_base_url === '' ? null : v.api_base_url,
          keep_pages_days: Number(v.keep_pages_days),
          initial_date: v.initial_date === '' ? null : v.initial_date,
        },
      });
      toast.success(t('settings.saved'));
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(
        error,
        (k) => (SETTINGS_FIELDS as readonly string[]).find((f) => k === `settings.${f}`) ?? null,
        form.setError,
      );
      if (!matched || unmatched.length) setBanner(`${t('settings.failed')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  });

  return (
    <Card id="settings-title" title={t('settings.title')}>
      <form onSubmit={submit} noValidate aria-labelledby="settings-title">
        {banner && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{banner}</Alert>}
        <fieldset disabled={!canEdit} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack spacing={2}>
            <TextField {...field('api_base_url', t('settings.apiBaseUrlHint'))} size="small" type="url" label={t('settings.apiBaseUrl')}
              placeholder="https://shop.example.com" slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }} />
            <TextField {...field('keep_pages_days', t('settings.keepPagesHint', { max: MAX_KEEP_PAGES_DAYS }))} size="small" type="number"
              label={t('settings.keepPages')} slotProps={{ htmlInput: { min: 0, max: MAX_KEEP_PAGES_DAYS, step: 1, inputMode: 'numeric' } }} />
            <TextField {...field('initial_date', t('settings.initialDateHint'))} size="small" type="date" label={t('settings.initialDate')}
              slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
        </fieldset>
        {canEdit && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" loading={update.isPending} disabled={!form.formState.isDirty}>{t('settings.save')}</Button>
          </Stack>
        )}
      </form>
    </Card>
  );
}

/** The URLs the channel posts its webhooks to, each with a copy button. */
export function WebhookUrlsCard({ process }: { process: ChannelProcessItem }) {
  const { t } = useTranslation('channels');
  const toast = useToast();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('webhooks.copied'));
    } catch {
      toast.info(url);
    }
  };
  const entries = Object.entries(process.webhook_urls);
  return (
    <Card id="webhooks-title" title={t('webhooks.title')} subtitle={t('webhooks.intro')}>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{t('webhooks.none')}</Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {entries.map(([kind, url]) => (
            <Stack component="li" key={kind} direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Tooltip title={t('webhooks.copyNamed', { kind })}>
                <IconButton size="small" onClick={() => void copy(url)} aria-label={t('webhooks.copyNamed', { kind })}>
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>{kind}</Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="div" title={url} sx={{ fontFamily: 'monospace' }}>
                  {url}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
