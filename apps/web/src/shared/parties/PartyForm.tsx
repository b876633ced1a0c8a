import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZCountryCode, ZZip } from '@omnio/domain';
import { Dialog, DialogTitle, Grid, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { NATIVE_SELECT, applyFieldErrors, errorText, useMessageField, useMessageTextWith } from '../ui/form-helpers';
import type { PartyKind } from './party';

/** The pieces of the party forms: the dialog, its submit handling, and the fields customers and suppliers share. */

/** A party form's dialog: full screen on phones, titled by `titleId`; the body mounts only while open. */
export function PartyDialog({ open, titleId, title, onClose, children }: { open: boolean; titleId: string; title: string; onClose(): void; children: ReactNode }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {open && children}
    </Dialog>
  );
}

/** Props wiring a field to the form, its error in the user's language with the party's Spanish. */
export const usePartyField = <T extends FieldValues, TOut extends FieldValues = T>(kind: PartyKind, form: UseFormReturn<T, unknown, TOut>) =>
  useMessageField(form, kind.messagesEs);

type FieldProps = ReturnType<ReturnType<typeof useMessageField>>;
/** A form's field wiring (usePartyField), as the shared fields take it: a method, so any form's own field names fit. */
interface WithField {
  kind: PartyKind;
  field(name: string, hint?: string): FieldProps;
}

/**
 * Submit handling of every party form: the server's field errors go under the inputs (`fieldOf` maps its keys
 * to the form's), anything else to a banner after `failure`.
 */
export function usePartySubmit<TIn extends FieldValues, TOut extends FieldValues>(
  kind: PartyKind,
  form: UseFormReturn<TIn, unknown, TOut>,
  fieldOf: (key: string) => string | null,
  failure: string,
  run: (values: TOut) => Promise<unknown>,
) {
  const messageText = useMessageTextWith(kind.messagesEs);
  const [banner, setBanner] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await run(values);
    } catch (error) {
      const { matched, unmatched } = applyFieldErrors(error, fieldOf, form.setError);
      if (!matched || unmatched.length) setBanner(`${failure}: ${unmatched.length ? unmatched.map((m) => messageText(m) ?? m).join(' ') : errorText(error)}`);
    }
  });
  return { submit, banner };
}

/* ------------------------------------------------------------------ the party form's first address */

export const PARTY_ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'zip', 'country'] as const;
/** A text input of at most `max` characters (the server's limit, said before sending). */
export const maxText = (max: number) => z.string().max(max, `At most ${max} characters`);

/** The first address a new party's form takes, checked with the shared field rules. */
export const ZPartyFormAddress = z.object({ address1: maxText(200), address2: maxText(200), city: maxText(100), state: maxText(100), zip: ZZip, country: ZCountryCode });
export const BLANK_PARTY_ADDRESS = { address1: '', address2: '', city: '', state: '', zip: '', country: '' };

/** A typed text as sent: trimmed, and null when blank. */
export const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The `addresses` of the body: the one shipping address, only when something was typed in it. */
export function firstAddressBody(address: z.output<typeof ZPartyFormAddress>) {
  if (!PARTY_ADDRESS_FIELDS.some((f) => blank(address[f]))) return undefined;
  return [{ kind: 'shipping' as const, ...Object.fromEntries(PARTY_ADDRESS_FIELDS.map((f) => [f, blank(address[f])])) }];
}

/** Server keys → form inputs: addresses.0.zip is the address section's zip, the party's own keys stay. */
export function partyFieldOf(ownFields: readonly string[]) {
  return (key: string): string | null => {
    const address = /^addresses\.0\.(address1|address2|city|state|zip|country)$/.exec(key);
    if (address) return `address.${address[1]}`;
    return ownFields.includes(key) ? key : null;
  };
}

/** The new party's address section (fields under `address.`): a heading, a hint, then the six fields. */
export function PartyAddressFields({ kind, field, title, hint }: WithField & { title: string; hint: string }) {
  const { t } = useTranslation(kind.ns);
  const input = (name: (typeof PARTY_ADDRESS_FIELDS)[number], size: 12 | 6, help?: string) => (
    <Grid size={size === 12 ? 12 : { xs: 12, sm: 6 }}>
      <TextField {...field(`address.${name}`, help)} label={t(`fields.${name}`)} autoComplete="off" />
    </Grid>
  );
  return (
    <>
      <Grid size={12}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Grid>
      {input('address1', 12)}
      {input('address2', 12)}
      {input('city', 6)}
      {input('state', 6)}
      {input('zip', 6)}
      {input('country', 6, t('fields.countryHelp'))}
    </>
  );
}

/** E-mail and phone, side by side on wider screens (parties and contacts alike). */
export function EmailPhoneFields({ kind, field }: WithField) {
  const { t } = useTranslation(kind.ns);
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...field('email')} type="email" label={t('fields.email')} autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...field('phone')} type="tel" label={t('fields.phone')} autoComplete="off" />
      </Grid>
    </>
  );
}

/** The party's group: a native select with "No group" first. */
export function GroupSelectField({ kind, field, groups }: WithField & { groups: readonly { id: string; name: string }[] }) {
  const { t } = useTranslation(kind.ns);
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField {...field('group_id')} select label={t('fields.group')} slotProps={NATIVE_SELECT}>
        <option value="">{t('list.noGroup')}</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </TextField>
    </Grid>
  );
}

/** Notes, the full width. */
export function NotesField({ kind, field }: WithField) {
  const { t } = useTranslation(kind.ns);
  return (
    <Grid size={12}>
      <TextField {...field('notes')} label={t('fields.notes')} multiline minRows={2} />
    </Grid>
  );
}
