import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { translateValidation } from '../../shared/i18n/validation-messages';

/** Empty inputs mean "no value": the schemas reject '' for codes and countries. */
export const blankToNull = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? null : value;
export const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

// Rules of ZIlocCreate that the shared Spanish table does not know yet.
const SPANISH: Record<string, string> = {
  'The code may contain only letters, digits, hyphen and underscore':
    'El código solo puede contener letras, dígitos, guion y guion bajo',
  'The country must be a two-letter ISO code': 'El país debe ser un código ISO de dos letras',
};

/** Props wiring an MUI TextField to react-hook-form, with the field's (translated) error under it. */
export function useFieldProps<T extends FieldValues>(form: UseFormReturn<T>) {
  const { i18n } = useTranslation();
  const spanish = i18n.language.startsWith('es');
  return (name: FieldPath<T>, options?: RegisterOptions<T, FieldPath<T>>, hint?: string) => {
    const { ref, ...rest } = form.register(name, options);
    const raw = form.getFieldState(name, form.formState).error?.message;
    const message = raw && spanish ? (SPANISH[raw] ?? translateValidation(raw, 'es')) : raw;
    return { ...rest, inputRef: ref, error: Boolean(message), helperText: message ?? hint, fullWidth: true };
  };
}
