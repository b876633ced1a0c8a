import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { HttpError } from '../api/http';
import { translateValidation } from '../i18n/validation-messages';

/** Empty inputs mean "no value": the schemas reject '' for emails, subdomains, codes and countries. */
export const blankToNull = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** Empty inputs mean "absent": for optional fields the schema wants left out rather than null. */
export const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Props wiring an MUI TextField to react-hook-form, with the field's (translated) error under it. */
export function useFieldProps<T extends FieldValues>(form: UseFormReturn<T>) {
  const { i18n } = useTranslation();
  return (name: FieldPath<T>, options?: RegisterOptions<T, FieldPath<T>>, hint?: string) => {
    const { ref, ...rest } = form.register(name, options);
    const message = translateValidation(form.getFieldState(name, form.formState).error?.message, i18n.language);
    return { ...rest, inputRef: ref, error: Boolean(message), helperText: message ?? hint, fullWidth: true };
  };
}

// Native selects: plain keyboard and phone pickers, and react-hook-form reads them like any input.
export const NATIVE_SELECT = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** The text of whatever a failed request or action threw. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A validation message (from the shared schemas or a server 422) in the user's language: the feature's own
 * Spanish table first, then the shared one.
 */
export function useMessageTextWith(messagesEs: Readonly<Record<string, string>>) {
  const { i18n } = useTranslation();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    if (i18n.language.startsWith('es') && messagesEs[message]) return messagesEs[message];
    return translateValidation(message, i18n.language);
  };
}

/** Props wiring an MUI TextField to react-hook-form, with the field's error under it in the user's language. */
export function useMessageField<T extends FieldValues, TOut extends FieldValues = T>(form: UseFormReturn<T, unknown, TOut>, messagesEs: Readonly<Record<string, string>>) {
  const text = useMessageTextWith(messagesEs);
  return (name: FieldPath<T>, hint?: string) => {
    const { ref, ...rest } = form.register(name);
    const message = text(form.getFieldState(name, form.formState).error?.message);
    return { ...rest, inputRef: ref, error: Boolean(message), helperText: message ?? hint, fullWidth: true };
  };
}

/**
 * Copies a 422's field errors onto the form through `fieldOf` (server key → form path, or null).
 * Returns the messages no field could show, so the caller can put them in a banner.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldOf: (key: string) => string | null,
  setError: UseFormSetError<T>,
): { matched: boolean; unmatched: string[] } {
  if (!(error instanceof HttpError) || error.status !== 422) return { matched: false, unmatched: [] };
  let matched = false;
  const unmatched: string[] = [];
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    const field = fieldOf(key);
    if (field) {
      setError(field as FieldPath<T>, { type: 'server', message }, { shouldFocus: !matched });
      matched = true;
    } else {
      unmatched.push(message);
    }
  }
  return { matched, unmatched };
}
