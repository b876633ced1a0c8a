import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';
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
