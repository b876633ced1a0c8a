import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { translateValidation } from '../i18n/validation-messages';
import { DOMAIN_MESSAGES_ES } from '../i18n/domain-messages';

/**
 * Error text for a field. Our schemas speak in `validation.*` keys of the feature's namespace; the
 * shared domain schemas and the server speak English (translated when the shared table knows it).
 */
export function useErrorText(namespace = 'catalog') {
  const { t, i18n } = useTranslation(namespace);
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    if (message.startsWith('validation.')) return t(message);
    if (i18n.language.startsWith('es') && DOMAIN_MESSAGES_ES[message]) return DOMAIN_MESSAGES_ES[message];
    return translateValidation(message, i18n.language);
  };
}

/** Props wiring an MUI TextField to react-hook-form, with the field's (translated) error under it. */
export function useCatalogField<T extends FieldValues, TOut extends FieldValues = T>(form: UseFormReturn<T, unknown, TOut>, namespace = 'catalog') {
  const errorText = useErrorText(namespace);
  return (name: FieldPath<T>, options?: RegisterOptions<T, FieldPath<T>>, hint?: string) => {
    const { ref, ...rest } = form.register(name, options);
    const message = errorText(form.getFieldState(name, form.formState).error?.message);
    return { ...rest, inputRef: ref, error: Boolean(message), helperText: message ?? hint, fullWidth: true };
  };
}
