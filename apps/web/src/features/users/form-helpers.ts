import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { translateValidation } from '../../shared/i18n/validation-messages';

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

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
