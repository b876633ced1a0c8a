import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { translateValidation } from '../../shared/i18n/validation-messages';

/** Empty inputs mean "no value": the schema rejects '' for emails, subdomains and countries. */
export const blankToNull = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? null : value;

// Rules of ZCompanyCreate that the shared Spanish table does not know yet.
const SPANISH: Record<string, string> = {
  'The subdomain may contain only lower-case letters, digits and hyphens':
    'El subdominio solo puede contener letras minúsculas, dígitos y guiones',
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
