import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert, Box, Button, Checkbox, FormControlLabel, Grid, Paper, Stack, Tab, Tabs, TextField } from '@mui/material';
import { SETTING_LANGUAGES, ZGeneralSettings, type TGeneralSettings } from '@omnio/domain';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { NATIVE_SELECT, applyFieldErrors, errorText, useMessageField, useMessageTextWith } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useSession } from '../../shared/session/useSession';
import { useGeneralSettings, useSaveGeneralSettings } from './api';
import { platformSettingsMessagesEs } from './i18n';
import { CodeSnippetsPanel } from './CodeSnippetsPanel';

const TABS = ['general', 'snippets'] as const;
type GeneralTab = (typeof TABS)[number];
const FIELDS = Object.keys(ZGeneralSettings.shape) as (keyof TGeneralSettings)[];

/** /admin/general: the platform's general settings and, in a second tab, the code snippets. */
export function GeneralSettingsPage() {
  const { t } = useTranslation('platformSettings');
  const [params, setParams] = useSearchParams();
  const tab: GeneralTab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as GeneralTab) : 'general';
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('general.title')} subtitle={t('general.subtitle')} />
      <Tabs
        value={tab}
        onChange={(_e, value: GeneralTab) => setParams({ tab: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('general.title')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`general.tabs.${name}`)} id={`general-tab-${name}`} aria-controls={`general-panel-${name}`} />
        ))}
      </Tabs>
      <div role="tabpanel" id={`general-panel-${tab}`} aria-labelledby={`general-tab-${tab}`}>
        {tab === 'general' ? <GeneralSettingsSection /> : <CodeSnippetsPanel />}
      </div>
    </Box>
  );
}

function GeneralSettingsSection() {
  const { t } = useTranslation('platformSettings');
  const query = useGeneralSettings();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState message={`${t('general.loadFailed')}: ${errorText(query.error)}`} onRetry={() => void query.refetch()} />;
  return <GeneralSettingsForm settings={query.data} />;
}

type In = z.input<typeof ZGeneralSettings>;

export function GeneralSettingsForm({ settings }: { settings: TGeneralSettings }) {
  const { t } = useTranslation('platformSettings');
  const toast = useToast();
  const save = useSaveGeneralSettings();
  const { can } = useSession();
  const readOnly = !can('update-user');
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<In, unknown, TGeneralSettings>({ resolver: zodResolver(ZGeneralSettings), defaultValues: settings });
  const field = useMessageField(form, platformSettingsMessagesEs);
  const message = useMessageTextWith(platformSettingsMessagesEs);
  const signupOpen = useWatch({ control: form.control, name: 'signup_open' });
  // A number input: read as a number so the schema sees 45, not '45'.
  const minutesField = () => {
    const { ref, ...rest } = form.register('idle_timeout_minutes', { valueAsNumber: true });
    const error = message(form.getFieldState('idle_timeout_minutes', form.formState).error?.message);
    return { ...rest, inputRef: ref, error: Boolean(error), helperText: error ?? t('general.fields.idle_timeout_minutesHelp'), fullWidth: true };
  };

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved);
      toast.success(t('general.saved'));
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (k) => ((FIELDS as string[]).includes(k) ? k : null), form.setError);
      if (!matched || unmatched.length) setBanner(`${t('general.saveFailed')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <form onSubmit={submit} noValidate>
        {banner && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {banner}
          </Alert>
        )}
        <Box component="fieldset" disabled={readOnly} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...field('app_name')} label={t('general.fields.app_name')} required slotProps={{ htmlInput: { maxLength: 80 } }} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...field('support_email', t('general.fields.support_emailHelp'))} type="email" label={t('general.fields.support_email')} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...field('default_language')} select label={t('general.fields.default_language')} slotProps={NATIVE_SELECT}>
                {SETTING_LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {t(`general.languages.${l}`)}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                {...minutesField()}
                type="number"
                label={t('general.fields.idle_timeout_minutes')}
                slotProps={{ htmlInput: { min: 1, max: 1440, step: 1 } }}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                {...field('maintenance_banner', t('general.fields.maintenance_bannerHelp'))}
                label={t('general.fields.maintenance_banner')}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </Grid>
            <Grid size={12}>
              <FormControlLabel
                control={<Checkbox checked={Boolean(signupOpen)} onChange={(_e, on) => form.setValue('signup_open', on, { shouldDirty: true })} />}
                label={t('general.fields.signup_open')}
              />
            </Grid>
          </Grid>
        </Box>
        {!readOnly && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 3 }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('general.save')}
            </Button>
          </Stack>
        )}
      </form>
    </Paper>
  );
}
