import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { HttpError } from '../../shared/api/http';
import { translateValidation } from '../../shared/i18n/validation-messages';
import { SUPPLIER_MESSAGES_ES } from './i18n';

/** A validation message (from the shared schemas or a server 422) in the user's language. */
export function useMessageText() {
  const { i18n } = useTranslation();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    if (i18n.language.startsWith('es') && SUPPLIER_MESSAGES_ES[message]) return SUPPLIER_MESSAGES_ES[message];
    return translateValidation(message, i18n.language);
  };
}

/** Props wiring an MUI TextField to react-hook-form, with the field's (translated) error under it. */
export function useSupplierField<T extends FieldValues, TOut extends FieldValues = T>(form: UseFormReturn<T, unknown, TOut>) {
  const text = useMessageText();
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
