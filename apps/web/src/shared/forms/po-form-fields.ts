import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { DOMAIN_MESSAGES_ES } from '../i18n/domain-messages';
import { translateValidation } from '../i18n/validation-messages';

/** Spanish for the English messages of the supply schemas in @omnio/domain and the server's 422s. */
export const PO_MESSAGES_ES: Record<string, string> = {
  'SKU not found': 'SKU no encontrado',
  'The SKU is discontinued': 'El SKU está descontinuado',
  'A purchase order needs at least one SKU': 'Una orden de compra necesita al menos un SKU',
  'The quantity must be a number': 'La cantidad debe ser un número',
  'The quantity must be a whole number': 'La cantidad debe ser un número entero',
  'The quantity must be greater than 0': 'La cantidad debe ser mayor que 0',
  'The quantity cannot be negative': 'La cantidad no puede ser negativa',
  'The currency must be a three-letter ISO code': 'La moneda debe ser un código ISO de tres letras',
  'Use the form YYYY-MM-DD': 'Use el formato AAAA-MM-DD',
  'Not a date': 'No es una fecha',
  'Must be a valid id': 'Debe ser un identificador válido',
  'Must be a valid e-mail address': 'Debe ser una dirección de correo válida',
  'The host is required': 'El servidor es obligatorio',
  'The value contains an invalid character': 'El valor contiene un carácter no válido',
};

/** A field's error in the reader's language: our `validation.*` keys, then the domain's English texts. */
export function usePoErrorText(ns: 'purchaseOrders' | 'mailSettings' = 'purchaseOrders') {
  const { t, i18n } = useTranslation(ns);
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    if (message.startsWith('validation.')) return t(message);
    if (i18n.language.startsWith('es')) return PO_MESSAGES_ES[message] ?? DOMAIN_MESSAGES_ES[message] ?? translateValidation(message, 'es');
    return translateValidation(message, i18n.language);
  };
}

/** Props wiring an MUI TextField to react-hook-form, with the field's translated error (or a hint) under it. */
export function usePoField<T extends FieldValues>(form: UseFormReturn<T>, ns: 'purchaseOrders' | 'mailSettings' = 'purchaseOrders') {
  const errorText = usePoErrorText(ns);
  return (name: FieldPath<T>, hint?: string) => {
    const { ref, ...rest } = form.register(name);
    const message = errorText(form.getFieldState(name, form.formState).error?.message);
    return { ...rest, inputRef: ref, error: Boolean(message), helperText: message ?? hint, fullWidth: true };
  };
}
