import { useId, useState } from 'react';
import { Controller, useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Alert, Autocomplete, Box, Button, Checkbox, Collapse, FormControlLabel, Grid,
  InputAdornment, Paper, Stack, Switch, TextField, Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  SCHEDULE_PRESET_IDS, ZChannelSettings, type ChannelAction, type TChannelActionsInput, type TProcessCreate,
} from '@omnio/domain';
import { z } from 'zod';
import { pathOf } from '../../shared/routing/routes-table';
import { isHttpError } from '../../shared/api/http';
import { useSession } from '../../shared/session/useSession';
import { PageHeader } from '../../shared/ui/PageHeader';
import { PasswordField } from '../../shared/ui/PasswordField';
import { applyFieldErrors, errorText, NATIVE_SELECT, useMessageField, useMessageTextWith } from '../../shared/ui/form-helpers';
import { useCreateChannelProcess, useIlocChoices, type ChannelProcessWithSecret } from './api';
import { buildActionBody, fieldOfOption, optionFieldsOf, toFormValues, type ActionFormValues } from './action-form';
import { defaultActionsOf, SETUP_DRIVERS, type DriverDescriptor, type SetupDriver } from './channel-drivers';
import { useWooCommerceAuthorize } from './channel-install-api';
import { channelMessagesEs } from './i18n';
import { OrdersStatusField } from './OrdersStatusField';
import { TestConnection } from './TestConnection';
import type { CreatedState } from './ShopifyCreatePage';

/** The form of the generic set-up screen: the connection, its credentials and each action's schedule and options. */
export interface CreateValues {
  name: string;
  credentials: Record<string, string>;
  api_base_url: string;
  actions: Record<string, ActionFormValues>;
}
type Form = UseFormReturn<CreateValues>;
type Path = FieldPath<CreateValues>;

export const REQUIRED_MESSAGE = 'This field is required';
const ZBaseUrl = z.union([z.literal(''), ZChannelSettings.shape.api_base_url.unwrap().unwrap()]);
const ZStoreUrl = z.url({ message: 'Give a full address, like https://shop.example.com' });

/**
 * The set-up screen of the WooCommerce, BigCommerce, Jumpseller and CartRover connectors, driven by their
 * descriptors (channel-drivers.ts): name and credentials, the actions with schedules and sub-options, then
 * Test and the way to the connection page. WooCommerce can also have the store generate its keys.
 */
export function ChannelCreatePage({ driver }: { driver: SetupDriver }) {
  const { t } = useTranslation('channels');
  const [created, setCreated] = useState<ChannelProcessWithSecret | null>(null);
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t(`setup.${driver}.title`)}
        subtitle={t(`setup.${driver}.intro`)}
        actions={
          <Button component={RouterLink} to={pathOf('integrations')} startIcon={<ArrowBack />}>
            {t('shopify.back')}
          </Button>
        }
      />
      {created ? <Connected process={created} /> : <SetupForm descriptor={SETUP_DRIVERS[driver]} onCreated={setCreated} />}
    </Box>
  );
}

export const WooCommerceCreatePage = () => <ChannelCreatePage driver="woocommerce" />;
export const BigCommerceCreatePage = () => <ChannelCreatePage driver="bigcommerce" />;
export const JumpsellerCreatePage = () => <ChannelCreatePage driver="jumpseller" />;
export const CartRoverCreatePage = () => <ChannelCreatePage driver="cartrover" />;

/** After the process is made: test it here, then open its page (which shows the webhook secret once). */
function Connected({ process }: { process: ChannelProcessWithSecret }) {
  const { t } = useTranslation('channels');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="setup-connected-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" id="setup-connected-title">{t('setup.connectedTitle', { name: process.name })}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('setup.connectedIntro')}</Typography>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TestConnection processId={process.id} />
        <Button
          component={RouterLink}
          to={pathOf('connection-show', { id: process.id })}
          state={{ webhookSecret: process.webhook_secret } satisfies CreatedState}
          variant="contained"
        >
          {t('setup.openConnection')}
        </Button>
      </Stack>
    </Paper>
  );
}

function initialValues(d: DriverDescriptor): CreateValues {
  const defaults = defaultActionsOf(d.driver);
  return {
    name: '',
    credentials: Object.fromEntries(d.fields.map((f) => [f.key, ''])),
    api_base_url: '',
    actions: Object.fromEntries(d.actions.map((a) => {
      const cfg = defaults[a];
      return [a, toFormValues({ active: cfg?.active ?? false, schedule: cfg?.schedule ?? null, options: (cfg?.options ?? {}) as never })];
    })),
  };
}

type Mode = 'keys' | 'generate';

function SetupForm({ descriptor: d, onCreated }: { descriptor: DriverDescriptor; onCreated(p: ChannelProcessWithSecret): void }) {
  const { t } = useTranslation('channels');
  const create = useCreateChannelProcess();
  const authorize = useWooCommerceAuthorize();
  const [banner, setBanner] = useState<string | null>(null);
  const [advanced, setAdvanced] = useState(false);
  const [mode, setMode] = useState<Mode>('keys');
  const form = useForm<CreateValues>({ defaultValues: initialValues(d) });
  const field = useMessageField(form, channelMessagesEs);

  /** The client's own checks; returns whether the form can be sent. */
  const check = (values: CreateValues, how: Mode): boolean => {
    const errors: [Path, string][] = [];
    if (!values.name.trim()) errors.push(['name', 'The name is required']);
    for (const f of d.fields) {
      const v = values.credentials[f.key]?.trim() ?? '';
      // Generated keys arrive from the store later: only its address is needed now.
      const needed = f.required && !(how === 'generate' && f.key !== 'store_url');
      if (needed && !v) errors.push([`credentials.${f.key}` as Path, REQUIRED_MESSAGE]);
      else if (v && f.kind === 'url' && !ZStoreUrl.safeParse(v).success) errors.push([`credentials.${f.key}` as Path, 'Give a full address, like https://shop.example.com']);
    }
    const base = ZBaseUrl.safeParse(values.api_base_url.trim());
    if (!base.success) {
      errors.push(['api_base_url', base.error.issues[0]?.message ?? '']);
      setAdvanced(true);
    }
    for (const a of d.actions) {
      const built = buildActionBody(a, values.actions[a]!, undefined, d.driver);
      if (!built.ok) for (const e of built.errors) errors.push([`actions.${a}.${e.field}` as Path, e.message]);
    }
    errors.forEach(([path, message], i) => form.setError(path, { type: 'client', message }, { shouldFocus: i === 0 }));
    return errors.length === 0;
  };

  const bodyOf = (values: CreateValues): TProcessCreate => {
    const credentials = Object.fromEntries(
      d.fields.map((f) => [f.key, values.credentials[f.key]?.trim() ?? '']).filter(([, v]) => v !== ''),
    ) as Record<string, string>;
    if (credentials.store_url) credentials.store_url = credentials.store_url.replace(/\/+$/, '');
    const actions: TChannelActionsInput = {};
    for (const a of d.actions) {
      const built = buildActionBody(a, values.actions[a]!, undefined, d.driver);
      if (built.ok) actions[a] = built.body;
    }
    const base = values.api_base_url.trim();
    return { name: values.name.trim(), driver: d.driver, credentials, ...(base ? { settings: { api_base_url: base } } : {}), actions };
  };

  const serverField = (key: string): string | null => {
    if (key === 'name') return 'name';
    if (key === 'settings.api_base_url') return 'api_base_url';
    if (key.startsWith('credentials.') && d.fields.some((f) => `credentials.${f.key}` === key)) return key;
    const m = /^actions\.([a-z_]+)\.(schedule|active|options)(?:\.([a-z_]+))?/.exec(key);
    if (m && d.actions.includes(m[1] as ChannelAction)) {
      const [, a, part, option] = m;
      if (part === 'active') return `actions.${a}.active`;
      if (part === 'schedule') return `actions.${a}.${form.getValues(`actions.${a}.scheduleMode`) === 'custom' ? 'cron' : 'scheduleMode'}`;
      const f = option ? fieldOfOption(option) : null;
      return f ? `actions.${a}.${f}` : null;
    }
    return null;
  };

  const send = (how: Mode) => form.handleSubmit(async (values) => {
    setBanner(null);
    setMode(how);
    if (!check(values, how)) return;
    let created: ChannelProcessWithSecret;
    try {
      created = await create.mutateAsync(bodyOf(values));
    } catch (error) {
      if (isHttpError(error, 422) && Object.keys(error.fieldErrors).includes('settings.api_base_url')) setAdvanced(true);
      const { matched, unmatched } = applyFieldErrors(error, serverField, form.setError);
      if (!matched || unmatched.length) setBanner(`${t('setup.failed')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
      return;
    }
    if (how === 'generate') {
      try {
        const { authorize_url } = await authorize.mutateAsync(created.id);
        window.location.assign(authorize_url);
        return;
      } catch (error) {
        // The connection exists; the seller can paste keys on its page or try the store again from there.
        setBanner(`${t('setup.generateFailed')}: ${errorText(error)}`);
      }
    }
    onCreated(created);
  });

  const titleId = useId();
  const actionsTitleId = useId();
  const busy = form.formState.isSubmitting;

  return (
    <form onSubmit={(e) => void send('keys')(e)} noValidate aria-labelledby={titleId}>
      <Stack spacing={2}>
        {banner && <Alert severity="error" role="alert">{banner}</Alert>}
        <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" id={titleId}>{t(`setup.${d.driver}.connection`)}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t(`setup.${d.driver}.where`)}</Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('name', t('shopify.fields.nameHint'))} label={t('shopify.fields.name')} required />
            </Grid>
            {d.fields.map((f) => {
              const props = field(`credentials.${f.key}` as Path, t(`setup.${d.driver}.hints.${f.key}`, { defaultValue: '' }) || undefined);
              const label = t(`credentialKeys.${f.key}`, { defaultValue: f.key });
              const required = f.required && !(mode === 'generate' && f.key !== 'store_url');
              return (
                <Grid key={f.key} size={{ xs: 12, sm: 6 }}>
                  {f.kind === 'secret' ? (
                    <PasswordField {...props} label={label} required={required} autoComplete="off" placeholder={f.placeholder} />
                  ) : (
                    <TextField
                      {...props}
                      label={label}
                      required={required}
                      type={f.kind === 'url' ? 'url' : 'text'}
                      placeholder={f.placeholder}
                      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', ...(f.kind === 'url' ? { inputMode: 'url' } : {}) } }}
                    />
                  )}
                </Grid>
              );
            })}
            {d.install === 'woocommerce-keys' && (
              <Grid size={12}>
                <Alert severity="info" variant="outlined">
                  <Typography variant="body2">{t('setup.generateHint')}</Typography>
                  <Button variant="outlined" size="small" sx={{ mt: 1 }} onClick={() => void send('generate')()} disabled={busy} loading={busy && mode === 'generate'}>
                    {t('setup.generate')}
                  </Button>
                </Alert>
              </Grid>
            )}
            <Grid size={12}>
              <Button
                size="small"
                onClick={() => setAdvanced((v) => !v)}
                aria-expanded={advanced}
                aria-controls={`${titleId}-advanced`}
                endIcon={<ExpandMoreIcon sx={{ transform: advanced ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
              >
                {t('shopify.token.advanced')}
              </Button>
              <Collapse in={advanced} id={`${titleId}-advanced`}>
                <Box sx={{ pt: 2 }}>
                  <TextField
                    {...field('api_base_url', t('settings.apiBaseUrlHint'))}
                    type="url"
                    label={t('settings.apiBaseUrl')}
                    placeholder="https://api.example.com"
                    slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
                  />
                </Box>
              </Collapse>
            </Grid>
          </Grid>
        </Paper>

        <Paper variant="outlined" component="section" aria-labelledby={actionsTitleId} sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" id={actionsTitleId}>{t('process.actions')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('setup.actionsIntro')}</Typography>
          <Stack spacing={2}>
            {d.actions.map((a) => <ActionSetup key={a} form={form} descriptor={d} action={a} />)}
          </Stack>
        </Paper>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={busy && mode === 'keys'} disabled={busy && mode !== 'keys'}>
            {t('shopify.token.submit')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/** One action at set-up: Active, schedule and the sub-options this driver offers for it. */
function ActionSetup({ form, descriptor: d, action }: { form: Form; descriptor: DriverDescriptor; action: ChannelAction }) {
  const { t } = useTranslation('channels');
  const field = useMessageField(form, channelMessagesEs);
  const titleId = useId();
  const p = (name: keyof ActionFormValues) => `actions.${action}.${name}` as Path;
  const shown = optionFieldsOf(action, d.driver) ?? [];
  const has = (name: string) => shown.includes(name);
  const mode = form.watch(p('scheduleMode'));

  return (
    <Paper variant="outlined" component="fieldset" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 }, m: 0, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 600 }}>{t(`actions.${action}`)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{t(`actionHints.${action}`, { defaultValue: '' })}</Typography>
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Controller
            control={form.control}
            name={p('active')}
            render={({ field: f }) => (
              <FormControlLabel
                control={<Switch checked={(f.value as unknown) === true} onChange={(e) => f.onChange(e.target.checked)} inputRef={f.ref} />}
                label={t('setup.activeNamed', { action: t(`actions.${action}`) })}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField {...field(p('scheduleMode'), t('schedule.hint'))} select size="small" label={t('schedule.label')} slotProps={NATIVE_SELECT}>
            <option value="">{t('schedule.none')}</option>
            {SCHEDULE_PRESET_IDS.map((s) => <option key={s} value={s}>{t(`presets.${s}`)}</option>)}
            <option value="custom">{t('schedule.custom')}</option>
          </TextField>
        </Grid>
        {mode === 'custom' && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              {...field(p('cron'), t('schedule.cronHint'))}
              size="small"
              label={t('schedule.cron')}
              placeholder="*/15 * * * *"
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
          </Grid>
        )}
        {has('initial_date') && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField {...field(p('initial_date'), t('options.initial_dateHint'))} type="date" size="small" label={t('options.initial_date')} slotProps={{ inputLabel: { shrink: true } }} />
          </Grid>
        )}
        {has('orders_status') && <OrdersStatusField control={form.control} name={p('orders_status')} driver={d.driver} />}
        {has('reserve_percentage') && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              {...field(p('reserve_percentage'), t('options.reserve_percentageHint'))}
              type="number"
              size="small"
              label={t('options.reserve_percentage')}
              slotProps={{ htmlInput: { min: 0, max: 100, step: 'any', inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
            />
          </Grid>
        )}
        {has('iloc_id') && <Ilocs form={form} name={p('iloc_ids')} single={action === 'import_orders'} />}
        {has('location_id') && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              {...field(p('location_id'), t(`setup.${d.driver}.location_idHint`, { defaultValue: t('options.location_idHint') }))}
              size="small"
              label={t('options.location_id')}
              slotProps={{ htmlInput: { spellCheck: false, inputMode: 'numeric' } }}
            />
          </Grid>
        )}
        {(['notify_customer', 'create_sku_if_not_exists'] as const).filter(has).map((name) => (
          <Grid key={name} size={{ xs: 12, md: 6 }}>
            <Controller
              control={form.control}
              name={p(name)}
              render={({ field: f }) => (
                <FormControlLabel
                  control={<Checkbox checked={(f.value as unknown) === true} onChange={(e) => f.onChange(e.target.checked)} inputRef={f.ref} />}
                  label={t(`options.${name}`)}
                />
              )}
            />
          </Grid>
        ))}
      </Grid>
    </Paper>
  );
}

function Ilocs({ form, name, single }: { form: Form; name: Path; single: boolean }) {
  const { t } = useTranslation('channels');
  const text = useMessageTextWith(channelMessagesEs);
  const { company } = useSession();
  const ilocs = useIlocChoices(company?.id);
  const options = ilocs.data ?? [];
  const nameOf = (id: string) => options.find((o) => o.id === id)?.name ?? id;
  return (
    <Grid size={{ xs: 12, md: 8 }}>
      <Controller
        control={form.control}
        name={name}
        render={({ field, fieldState }) => {
          const value = field.value as unknown as string[];
          const common = {
            size: 'small' as const,
            options: options.map((o) => o.id),
            getOptionLabel: nameOf,
            loading: ilocs.isPending,
          };
          const input = (label: string, hint: string) => (params: object) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={label}
              error={Boolean(fieldState.error)}
              helperText={text(fieldState.error?.message) ?? (ilocs.isError ? t('options.ilocsFailed') : hint)}
            />
          );
          return single ? (
            <Autocomplete
              {...common}
              value={value[0] ?? null}
              onChange={(_e, next) => field.onChange(next ? [next] : [])}
              renderInput={input(t('setup.orderIloc'), t('setup.orderIlocHint'))}
            />
          ) : (
            <Autocomplete
              {...common}
              multiple
              filterSelectedOptions
              value={value}
              onChange={(_e, next) => field.onChange(next)}
              renderInput={input(t('options.iloc_id'), t('options.iloc_idHint'))}
            />
          );
        }}
      />
    </Grid>
  );
}
