import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  Alert, Box, Button, Checkbox, FormControlLabel, Grid, InputAdornment, Paper, Stack, TextField, Typography,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { BACKGROUND_MAX_BYTES, LOGO_MAX_BYTES, ZLoginSettingsUpdate, isHexColor, type CustomLoginView } from '@omnio/domain';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ErrorState, LoadingState } from '../../shared/ui/StateViews';
import { applyFieldErrors, blankToNull, errorText, useMessageField, useMessageTextWith } from '../../shared/ui/form-helpers';
import { useToast } from '../../shared/ui/toast';
import { useSession } from '../../shared/session/useSession';
import { useLoginSettings, useSaveLoginSettings } from './api';
import { platformSettingsMessagesEs } from './i18n';
import { ImageField } from './ImageField';
import { LoginPreview } from './LoginPreview';

const ZTexts = ZLoginSettingsUpdate.omit({ logo: true, background_image: true });
type TextsIn = z.input<typeof ZTexts>;
type TextsOut = z.output<typeof ZTexts>;
const TEXT_FIELDS = ['title', 'welcome_text', 'primary_color', 'background_color', 'show_signup_link'] as const;

/** A theme colour as #rrggbb for the colour input (which accepts nothing else); black if it cannot tell. */
function toHex(color: string): string {
  if (isHexColor(color)) return color.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (rgb) return `#${rgb.slice(1, 4).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
  return '#000000';
}

/** An image of the form: what to show, and what to send (undefined keeps the stored one, null removes it). */
interface ImageState {
  src: string | null;
  change: string | null | undefined;
}

/** /custom-login: the owner edits the sign-in page's look with a live preview. */
export function CustomLoginPage() {
  const { t } = useTranslation('platformSettings');
  const query = useLoginSettings();
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('login.title')} subtitle={t('login.subtitle')} />
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message={`${t('login.loadFailed')}: ${errorText(query.error)}`} onRetry={() => void query.refetch()} />
      ) : (
        <CustomLoginForm settings={query.data} />
      )}
    </Box>
  );
}

function ColorField({ field, label, help, value, fallback, onPick }: {
  field: ReturnType<ReturnType<typeof useMessageField<TextsIn, TextsOut>>>;
  label: string;
  help: string;
  value: string | null | undefined;
  /** What the swatch shows while the field is empty: the theme's own colour. */
  fallback: string;
  onPick(color: string): void;
}) {
  const { t } = useTranslation('platformSettings');
  return (
    <TextField
      {...field}
      label={label}
      helperText={field.helperText ?? help}
      placeholder={fallback}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { maxLength: 7, spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Box
                component="input"
                type="color"
                aria-label={t('login.fields.pickColor', { field: label })}
                value={value && isHexColor(value) ? value.toLowerCase() : fallback}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => onPick(e.target.value)}
                sx={{ width: 32, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function CustomLoginForm({ settings }: { settings: CustomLoginView }) {
  const { t } = useTranslation('platformSettings');
  const toast = useToast();
  const save = useSaveLoginSettings();
  const { can } = useSession();
  const theme = useTheme();
  const readOnly = !can('update-user');
  const message = useMessageTextWith(platformSettingsMessagesEs);
  const [banner, setBanner] = useState<string | null>(null);
  const [logo, setLogo] = useState<ImageState>({ src: settings.logo_url, change: undefined });
  const [background, setBackground] = useState<ImageState>({ src: settings.background_image_url, change: undefined });
  const [imageErrors, setImageErrors] = useState<{ logo?: string; background_image?: string }>({});
  const defaults: TextsIn = {
    title: settings.title,
    welcome_text: settings.welcome_text,
    primary_color: settings.primary_color,
    background_color: settings.background_color,
    show_signup_link: settings.show_signup_link,
  };
  const form = useForm<TextsIn, unknown, TextsOut>({ resolver: zodResolver(ZTexts), defaultValues: defaults });
  const field = useMessageField(form, platformSettingsMessagesEs);
  const colorField = (name: 'primary_color' | 'background_color') => {
    const { ref, ...rest } = form.register(name, { setValueAs: blankToNull });
    const error = message(form.getFieldState(name, form.formState).error?.message);
    return { ...rest, inputRef: ref, error: Boolean(error), helperText: error, fullWidth: true };
  };
  const watched = useWatch({ control: form.control });

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    setImageErrors({});
    try {
      const saved = await save.mutateAsync({
        ...values,
        ...(logo.change !== undefined ? { logo: logo.change } : {}),
        ...(background.change !== undefined ? { background_image: background.change } : {}),
      });
      form.reset({
        title: saved.title, welcome_text: saved.welcome_text, primary_color: saved.primary_color,
        background_color: saved.background_color, show_signup_link: saved.show_signup_link,
      });
      setLogo({ src: saved.logo_url, change: undefined });
      setBackground({ src: saved.background_image_url, change: undefined });
      toast.success(t('login.saved'));
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, (k) => ((TEXT_FIELDS as readonly string[]).includes(k) ? k : null), form.setError);
      const fieldErrors = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
      const images = { logo: message(fieldErrors.logo?.[0]), background_image: message(fieldErrors.background_image?.[0]) };
      setImageErrors(images);
      const imageMatched = Boolean(images.logo || images.background_image);
      const rest = unmatched.filter((m) => m !== fieldErrors.logo?.[0] && m !== fieldErrors.background_image?.[0]);
      if ((!matched && !imageMatched) || rest.length) setBanner(`${t('login.saveFailed')}: ${rest.length ? rest.join(' ') : errorText(error)}`);
    }
  });

  const undo = () => {
    form.reset(defaults);
    setLogo({ src: settings.logo_url, change: undefined });
    setBackground({ src: settings.background_image_url, change: undefined });
    setImageErrors({});
    setBanner(null);
  };

  const colorOk = (v: unknown) => (typeof v === 'string' && isHexColor(v) ? v : null);
  const look = {
    title: watched.title ?? '',
    welcome_text: watched.welcome_text ?? '',
    primary_color: colorOk(watched.primary_color),
    background_color: colorOk(watched.background_color),
    show_signup_link: watched.show_signup_link ?? true,
    logo_url: logo.src,
    background_image_url: background.src,
  };

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <form onSubmit={submit} noValidate>
            {banner && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {banner}
              </Alert>
            )}
            <Box component="fieldset" disabled={readOnly} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
              <Stack spacing={2.5}>
                <TextField {...field('title', t('login.fields.titleHelp'))} label={t('login.fields.title')} slotProps={{ htmlInput: { maxLength: 80 } }} />
                <TextField
                  {...field('welcome_text', t('login.fields.welcome_textHelp'))}
                  label={t('login.fields.welcome_text')}
                  multiline
                  minRows={2}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <ColorField
                    field={colorField('primary_color')}
                    label={t('login.fields.primary_color')}
                    help={t('login.fields.colorHelp')}
                    value={watched.primary_color}
                    fallback={toHex(theme.palette.primary.main)}
                    onPick={(c) => form.setValue('primary_color', c, { shouldDirty: true, shouldValidate: true })}
                  />
                  <ColorField
                    field={colorField('background_color')}
                    label={t('login.fields.background_color')}
                    help={t('login.fields.colorHelp')}
                    value={watched.background_color}
                    fallback={toHex(theme.palette.background.default)}
                    onPick={(c) => form.setValue('background_color', c, { shouldDirty: true, shouldValidate: true })}
                  />
                </Stack>
                <ImageField
                  label={t('login.fields.logo')}
                  src={logo.src}
                  maxBytes={LOGO_MAX_BYTES}
                  error={imageErrors.logo}
                  onPick={(dataUrl) => setLogo({ src: dataUrl, change: dataUrl })}
                  onRemove={() => setLogo({ src: null, change: null })}
                />
                <ImageField
                  label={t('login.fields.background_image')}
                  src={background.src}
                  maxBytes={BACKGROUND_MAX_BYTES}
                  error={imageErrors.background_image}
                  onPick={(dataUrl) => setBackground({ src: dataUrl, change: dataUrl })}
                  onRemove={() => setBackground({ src: null, change: null })}
                />
                <FormControlLabel
                  control={<Checkbox checked={Boolean(watched.show_signup_link)} onChange={(_e, on) => form.setValue('show_signup_link', on, { shouldDirty: true })} />}
                  label={t('login.fields.show_signup_link')}
                />
              </Stack>
            </Box>
            {!readOnly && (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
                <Button onClick={undo} disabled={save.isPending}>
                  {t('login.reset')}
                </Button>
                <Button type="submit" variant="contained" disabled={save.isPending}>
                  {t('login.save')}
                </Button>
              </Stack>
            )}
          </form>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {t('login.preview')}
        </Typography>
        <LoginPreview look={look} />
      </Grid>
    </Grid>
  );
}
