import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldPath, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Alert, Autocomplete, Box, Button, Checkbox, FormControlLabel, Grid, InputAdornment, Paper, Stack, Switch, TextField, Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { EDI_FILE_FORMATS, EDI_PRESET_DEFAULTS, EDI_PRESETS, MAILBOX_PROTOCOLS, SCHEDULE_PRESET_IDS, type EdiFileFormat, type EdiPreset, type MailboxProtocol } from '@omnio/domain';
import { pathOf } from '../../../shared/routing/routes-table';
import { useSession } from '../../../shared/session/useSession';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { applyFieldErrors, errorText, NATIVE_SELECT, useMessageField, useMessageTextWith } from '../../../shared/ui/form-helpers';
import { useCreateChannelProcess, useIlocChoices } from '../api';
import { channelMessagesEs } from '../i18n';
import {
  defaultPortOf, ediCreateBody, ediDefaults, ediFieldOfServerKey, ZEdiForm, type EdiFormOutput, type EdiFormValues,
} from './edi-form';
import { ediMessagesEs } from './edi-i18n';

const NS = 'channelsEdi';
const MESSAGES_ES: Readonly<Record<string, string>> = { ...channelMessagesEs, ...ediMessagesEs };
const ALREADY_INSTALLED = 'service already installed';

type Form = UseFormReturn<EdiFormValues, unknown, EdiFormOutput>;
type Path = FieldPath<EdiFormValues>;

/**
 * Set-up of an EDI trading partner (driver edi-x12): the network preset, the partner's mailbox, the X12
 * identities, the documents' rules and the actions' schedules. The new partner opens on its connection page,
 * where Test reaches the mailbox.
 */
export function EdiCreatePage({ preset }: { preset: EdiPreset }) {
  const { t } = useTranslation(NS);
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t(`setup.title.${preset}`)}
        subtitle={t('setup.intro')}
        actions={
          <Button component={RouterLink} to={pathOf('integrations')} startIcon={<ArrowBack />}>
            {t('setup.back')}
          </Button>
        }
      />
      <EdiSetupForm key={preset} preset={preset} />
    </Box>
  );
}

export const EdiX12CreatePage = () => <EdiCreatePage preset="x12" />;
export const CommerceHubCreatePage = () => <EdiCreatePage preset="commercehub" />;
export const SpsCommerceCreatePage = () => <EdiCreatePage preset="spscommerce" />;

function EdiSetupForm({ preset }: { preset: EdiPreset }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const create = useCreateChannelProcess();
  const [banner, setBanner] = useState<string | null>(null);
  const form: Form = useForm<EdiFormValues, unknown, EdiFormOutput>({
    defaultValues: ediDefaults(preset),
    resolver: zodResolver(ZEdiForm) as Resolver<EdiFormValues, unknown, EdiFormOutput>,
    shouldFocusError: true,
  });

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const created = await create.mutateAsync(ediCreateBody(values));
      void navigate(pathOf('connection-show', { id: created.id }));
    } catch (error) {
      const raw = form.getValues();
      const fieldOf = (key: string) => (key === 'credentials' ? 'credentials.sftp_host' : ediFieldOfServerKey(key, raw));
      // The server keys a taken mailbox on its host, user and inbound folder: say so where the host is typed.
      const setError: typeof form.setError = (name, err, options) =>
        form.setError(name, err.message === ALREADY_INSTALLED ? { ...err, message: t('setup.alreadyInstalled') } : err, options);
      const { matched, unmatched } = applyFieldErrors(error, fieldOf, setError);
      if (!matched && errorText(error) === ALREADY_INSTALLED) {
        form.setError('credentials.sftp_host', { type: 'server', message: t('setup.alreadyInstalled') }, { shouldFocus: true });
        return;
      }
      if (!matched || unmatched.length) setBanner(`${t('setup.failed')}: ${unmatched.length ? unmatched.join(' ') : errorText(error)}`);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t(`setup.title.${preset}`)}>
      <Stack spacing={2}>
        {banner && <Alert severity="error" role="alert">{banner}</Alert>}
        <PartnerSection form={form} />
        <MailboxSection form={form} />
        <IdentifiersSection form={form} />
        <DocumentsSection form={form} />
        <ActionsSection form={form} />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>{t('setup.submit')}</Button>
        </Stack>
      </Stack>
    </form>
  );
}

function Section({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id={id}>{title}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{intro}</Typography>
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>{children}</Grid>
    </Paper>
  );
}

const useField = (form: Form) => useMessageField(form, MESSAGES_ES);
const half = { xs: 12, sm: 6 } as const;
const third = { xs: 12, sm: 6, md: 4 } as const;
const plain = { htmlInput: { spellCheck: false, autoCapitalize: 'none' } } as const;

function PartnerSection({ form }: { form: Form }) {
  const { t } = useTranslation(NS);
  const field = useField(form);
  const text = useMessageTextWith(MESSAGES_ES);
  const preset = form.watch('settings.edi_preset');
  const format = form.watch('settings.file_format');
  const presetError = text(form.getFieldState('settings.edi_preset', form.formState).error?.message);

  /** A network brings its mailbox conventions; what the seller typed for host and user stays. */
  const choose = (next: EdiPreset) => {
    const d = EDI_PRESET_DEFAULTS[next];
    form.setValue('settings.edi_preset', next, { shouldDirty: true });
    form.setValue('settings.mailbox_protocol', d.protocol, { shouldDirty: true });
    form.setValue('credentials.sftp_port', String(d.port), { shouldDirty: true });
    form.setValue('credentials.inbound_dir', d.inbound_dir, { shouldDirty: true });
    form.setValue('credentials.outbound_dir', d.outbound_dir, { shouldDirty: true });
  };

  return (
    <Section title={t('setup.partner.title')} intro={t('setup.partner.intro')}>
      <Grid size={half}>
        <TextField {...field('name', t('setup.partner.nameHint'))} label={t('setup.partner.name')} required />
      </Grid>
      <Grid size={half}>
        <TextField
          select
          fullWidth
          label={t('setup.partner.preset')}
          value={preset}
          onChange={(e) => choose(e.target.value as EdiPreset)}
          error={Boolean(presetError)}
          helperText={presetError ?? t('setup.partner.presetHint')}
          slotProps={NATIVE_SELECT}
        >
          {EDI_PRESETS.map((p) => <option key={p} value={p}>{t(`setup.partner.presets.${p}`)}</option>)}
        </TextField>
      </Grid>
      <Grid size={half}>
        <TextField
          select
          fullWidth
          label={t('setup.partner.format')}
          value={format}
          onChange={(e) => form.setValue('settings.file_format', e.target.value as EdiFileFormat, { shouldDirty: true })}
          helperText={t(`setup.partner.formatHint.${format}`)}
          slotProps={NATIVE_SELECT}
        >
          {EDI_FILE_FORMATS.map((f) => <option key={f} value={f}>{t(`setup.partner.formats.${f}`)}</option>)}
        </TextField>
      </Grid>
      <Grid size={12}>
        <Alert severity="info" variant="outlined" data-testid="preset-note">{EDI_PRESET_DEFAULTS[preset].note}</Alert>
      </Grid>
    </Section>
  );
}

function MailboxSection({ form }: { form: Form }) {
  const { t } = useTranslation(NS);
  const field = useField(form);
  const text = useMessageTextWith(MESSAGES_ES);
  const protocol = form.watch('settings.mailbox_protocol');
  const protocolError = text(form.getFieldState('settings.mailbox_protocol', form.formState).error?.message);

  /** A port left at the old protocol's default follows the new one; a port the partner gave stays. */
  const switchTo = (next: MailboxProtocol) => {
    const port = form.getValues('credentials.sftp_port').trim();
    if (port === '' || port === String(defaultPortOf(protocol))) form.setValue('credentials.sftp_port', String(defaultPortOf(next)));
    form.setValue('settings.mailbox_protocol', next, { shouldDirty: true });
  };

  return (
    <Section title={t('setup.mailbox.title')} intro={t('setup.mailbox.intro')}>
      <Grid size={third}>
        <TextField
          select
          fullWidth
          label={t('setup.mailbox.protocol')}
          value={protocol}
          onChange={(e) => switchTo(e.target.value as MailboxProtocol)}
          error={Boolean(protocolError)}
          helperText={protocolError ?? t('setup.mailbox.protocolHint')}
          slotProps={NATIVE_SELECT}
        >
          {MAILBOX_PROTOCOLS.map((p) => <option key={p} value={p}>{t(`setup.mailbox.protocols.${p}`)}</option>)}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 5 }}>
        <TextField {...field('credentials.sftp_host', t('setup.mailbox.hostHint'))} label={t('setup.mailbox.host')} required placeholder="sftp.partner.com"
          slotProps={{ htmlInput: { ...plain.htmlInput, inputMode: 'url' } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField {...field('credentials.sftp_port')} label={t('setup.mailbox.port')} required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      </Grid>
      <Grid size={half}>
        <TextField {...field('credentials.username')} label={t('setup.mailbox.username')} required autoComplete="off" slotProps={plain} />
      </Grid>
      <Grid size={half}>
        <PasswordField {...field('credentials.password')} label={t('setup.mailbox.password')} required autoComplete="new-password" />
      </Grid>
      <Grid size={half}>
        <TextField {...field('credentials.inbound_dir', t('setup.mailbox.inboundHint'))} label={t('setup.mailbox.inbound')} required slotProps={plain} />
      </Grid>
      <Grid size={half}>
        <TextField {...field('credentials.outbound_dir', t('setup.mailbox.outboundHint'))} label={t('setup.mailbox.outbound')} required slotProps={plain} />
      </Grid>
    </Section>
  );
}

function IdentifiersSection({ form }: { form: Form }) {
  const { t } = useTranslation(NS);
  const field = useField(form);
  const x12 = form.watch('settings.file_format') === 'x12';
  const code = { htmlInput: { ...plain.htmlInput, maxLength: 2, style: { textTransform: 'uppercase' } } } as const;
  const id = { htmlInput: { ...plain.htmlInput, maxLength: 15 } } as const;
  return (
    <Section title={t('setup.ids.title')} intro={t('setup.ids.intro')}>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <TextField {...field('settings.isa_qualifier', t('setup.ids.isaQualifierHint'))} label={t('setup.ids.isaQualifier')} required={x12} slotProps={code} />
      </Grid>
      <Grid size={{ xs: 12, sm: 8, md: 3 }}>
        <TextField {...field('settings.isa_id', t('setup.ids.isaIdHint'))} label={t('setup.ids.isaId')} required={x12} slotProps={id} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <TextField {...field('settings.partner_isa_qualifier', t('setup.ids.partnerIsaQualifierHint'))} label={t('setup.ids.partnerIsaQualifier')} required={x12} slotProps={code} />
      </Grid>
      <Grid size={{ xs: 12, sm: 8, md: 3 }}>
        <TextField {...field('settings.partner_isa_id', t('setup.ids.partnerIsaIdHint'))} label={t('setup.ids.partnerIsaId')} required={x12} slotProps={id} />
      </Grid>
      <Grid size={half}>
        <TextField {...field('settings.gs_id', t('setup.ids.gsIdHint'))} label={t('setup.ids.gsId')} slotProps={id} />
      </Grid>
      <Grid size={half}>
        <TextField {...field('settings.partner_gs_id', t('setup.ids.partnerGsIdHint'))} label={t('setup.ids.partnerGsId')} slotProps={id} />
      </Grid>
    </Section>
  );
}

function Flag({ form, name, label }: { form: Form; name: 'settings.send_855' | 'settings.send_810'; label: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <FormControlLabel control={<Checkbox checked={f.value} onChange={(e) => f.onChange(e.target.checked)} inputRef={f.ref} />} label={label} />
      )}
    />
  );
}

function DocumentsSection({ form }: { form: Form }) {
  const { t } = useTranslation(NS);
  const field = useField(form);
  return (
    <Section title={t('setup.docs.title')} intro={t('setup.docs.intro')}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Flag form={form} name="settings.send_855" label={t('setup.docs.send855')} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Flag form={form} name="settings.send_810" label={t('setup.docs.send810')} />
      </Grid>
      <Grid size={third}>
        <TextField {...field('settings.usage_indicator', t('setup.docs.usageHint'))} value={form.watch('settings.usage_indicator')} select label={t('setup.docs.usage')} slotProps={NATIVE_SELECT}>
          <option value="P">{t('setup.docs.usages.P')}</option>
          <option value="T">{t('setup.docs.usages.T')}</option>
        </TextField>
      </Grid>
      <Grid size={third}>
        <TextField
          {...field('settings.ack_window_hours', t('setup.docs.ackWindowHint'))}
          label={t('setup.docs.ackWindow')}
          required
          type="number"
          slotProps={{ htmlInput: { min: 1, max: 720, step: 1, inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">{t('setup.docs.hours')}</InputAdornment> } }}
        />
      </Grid>
      <Grid size={third}>
        <TextField {...field('settings.inventory_qty_qualifier', t('setup.docs.qtyQualifierHint'))} label={t('setup.docs.qtyQualifier')} placeholder="17"
          slotProps={{ htmlInput: { ...plain.htmlInput, maxLength: 3 } }} />
      </Grid>
      <Grid size={third}>
        <TextField {...field('settings.gs1_company_prefix', t('setup.docs.gs1Hint'))} label={t('setup.docs.gs1')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }} />
      </Grid>
      <Grid size={third}>
        <TextField {...field('settings.vendor_id', t('setup.docs.vendorIdHint'))} label={t('setup.docs.vendorId')} slotProps={plain} />
      </Grid>
      <Grid size={third}>
        <TextField {...field('settings.archive_dir', t('setup.docs.archiveHint'))} label={t('setup.docs.archive')} placeholder="/archive" slotProps={plain} />
      </Grid>
    </Section>
  );
}

function ActionsSection({ form }: { form: Form }) {
  const { t } = useTranslation(NS);
  return (
    <Section title={t('setup.actions.title')} intro={t('setup.actions.intro')}>
      <Grid size={12}>
        <Stack spacing={2}>
          <ActionBox form={form} action="import_orders">
            <ScheduleFields form={form} action="import_orders" />
            <IlocPicker form={form} name="actions.import_orders.iloc_id" />
          </ActionBox>
          <ActionBox form={form} action="update_tracking" />
          <ActionBox form={form} action="sync_inventory">
            <ScheduleFields form={form} action="sync_inventory" />
            <ReserveField form={form} />
            <IlocPicker form={form} name="actions.sync_inventory.iloc_ids" />
          </ActionBox>
        </Stack>
      </Grid>
    </Section>
  );
}

type EdiAction = keyof EdiFormValues['actions'];

function ActionBox({ form, action, children }: { form: Form; action: EdiAction; children?: ReactNode }) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const name = t(`setup.actions.${action}`);
  return (
    <Paper variant="outlined" component="fieldset" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 }, m: 0, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 600 }}>{name}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{t(`setup.actions.${action}Hint`)}</Typography>
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Controller
            control={form.control}
            name={`actions.${action}.active`}
            render={({ field: f }) => (
              <FormControlLabel
                control={<Switch checked={f.value} onChange={(e) => f.onChange(e.target.checked)} inputRef={f.ref} />}
                label={t('setup.actions.activeNamed', { action: name })}
              />
            )}
          />
        </Grid>
        {children}
      </Grid>
    </Paper>
  );
}

function ScheduleFields({ form, action }: { form: Form; action: 'import_orders' | 'sync_inventory' }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('channels');
  const field = useField(form);
  const mode = form.watch(`actions.${action}.scheduleMode`);
  return (
    <>
      <Grid size={third}>
        <TextField {...field(`actions.${action}.scheduleMode`, t('setup.actions.scheduleHint'))} value={mode} select size="small" label={t('setup.actions.schedule')} slotProps={NATIVE_SELECT}>
          <option value="">{t('setup.actions.none')}</option>
          {SCHEDULE_PRESET_IDS.map((s) => <option key={s} value={s}>{tc(`presets.${s}`)}</option>)}
          <option value="custom">{t('setup.actions.custom')}</option>
        </TextField>
      </Grid>
      {mode === 'custom' && (
        <Grid size={third}>
          <TextField
            {...field(`actions.${action}.cron`, t('setup.actions.cronHint'))}
            size="small"
            label={t('setup.actions.cron')}
            placeholder="*/15 * * * *"
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </Grid>
      )}
    </>
  );
}

function ReserveField({ form }: { form: Form }) {
  const { t } = useTranslation(NS);
  const field = useField(form);
  return (
    <Grid size={third}>
      <TextField
        {...field('actions.sync_inventory.reserve_percentage', t('setup.actions.reserveHint'))}
        type="number"
        size="small"
        label={t('setup.actions.reserve')}
        slotProps={{ htmlInput: { min: 0, max: 100, step: 'any', inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
      />
    </Grid>
  );
}

/** Orders are filed at one location; stock can be summed over several. */
function IlocPicker({ form, name }: { form: Form; name: 'actions.import_orders.iloc_id' | 'actions.sync_inventory.iloc_ids' }) {
  const { t } = useTranslation(NS);
  const text = useMessageTextWith(MESSAGES_ES);
  const { company } = useSession();
  const ilocs = useIlocChoices(company?.id);
  const options = ilocs.data ?? [];
  const nameOf = (id: string) => options.find((o) => o.id === id)?.name ?? id;
  const single = name === 'actions.import_orders.iloc_id';
  const [label, hint] = single ? [t('setup.actions.orderIloc'), t('setup.actions.orderIlocHint')] : [t('setup.actions.stockIlocs'), t('setup.actions.stockIlocsHint')];
  return (
    <Grid size={{ xs: 12, md: 8 }}>
      <Controller
        control={form.control}
        name={name as Path}
        render={({ field, fieldState }) => {
          const input = (params: object) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={label}
              error={Boolean(fieldState.error)}
              helperText={text(fieldState.error?.message) ?? (ilocs.isError ? t('setup.actions.ilocsFailed') : hint)}
            />
          );
          const common = { size: 'small' as const, options: options.map((o) => o.id), getOptionLabel: nameOf, loading: ilocs.isPending };
          return single ? (
            <Autocomplete {...common} value={(field.value as string) || null} onChange={(_e, next) => field.onChange(next ?? '')} renderInput={input} />
          ) : (
            <Autocomplete {...common} multiple filterSelectedOptions value={field.value as string[]} onChange={(_e, next) => field.onChange(next)} renderInput={input} />
          );
        }}
      />
    </Grid>
  );
}
