import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { DOMAIN_MESSAGES_ES } from '../../shared/i18n/domain-messages';
import { translateValidation } from '../../shared/i18n/validation-messages';

/** Spanish for the English messages of the order schemas in @omnio/domain (and the server's 422s). */
export const ORDER_MESSAGES_ES: Record<string, string> = {
  'The amount must be a number ≥ 0 with at most 2 decimals and 12 digits before the point':
    'El importe debe ser un número ≥ 0 con como máximo 2 decimales y 12 dígitos antes del punto',
  'The currency must be a three-letter ISO code': 'La moneda debe ser un código ISO de tres letras',
  'Use the form YYYY-MM-DD': 'Use el formato AAAA-MM-DD',
  'Use an ISO 8601 date and time': 'Use una fecha y hora ISO 8601',
  'Not a date': 'No es una fecha',
  'The quantity must be a number': 'La cantidad debe ser un número',
  'The value contains an invalid character': 'El valor contiene un carácter no válido',
  'Must be a valid id': 'Debe ser un identificador válido',
};

/** A field's error in the reader's language: our `validation.*` keys, then the domain's English texts. */
export function useOrderErrorText() {
  const { t, i18n } = useTranslation('orders');
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    if (message.startsWith('validation.')) return t(message);
    if (i18n.language.startsWith('es')) return ORDER_MESSAGES_ES[message] ?? DOMAIN_MESSAGES_ES[message] ?? translateValidation(message, 'es');
    return translateValidation(message, i18n.language);
  };
}

/** Props wiring an MUI TextField to react-hook-form, with the field's translated error (or a hint) under it. */
export function useOrderField<T extends FieldValues>(form: UseFormReturn<T>) {
  const errorText = useOrderErrorText();
  return (name: FieldPath<T>, hint?: string) => {
    const { ref, ...rest } = form.register(name);
    const message = errorText(form.getFieldState(name, form.formState).error?.message);
    return { ...rest, inputRef: ref, error: Boolean(message), helperText: message ?? hint, fullWidth: true };
  };
}
