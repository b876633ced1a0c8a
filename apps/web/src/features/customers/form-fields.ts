import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useMessageField, useMessageTextWith } from '../../shared/ui/form-helpers';
import { CUSTOMER_MESSAGES_ES } from './i18n';

/** Validation messages in the user's language, with this feature's Spanish texts. */
export const useMessageText = () => useMessageTextWith(CUSTOMER_MESSAGES_ES);

export const useCustomerField = <T extends FieldValues, TOut extends FieldValues = T>(form: UseFormReturn<T, unknown, TOut>) => useMessageField(form, CUSTOMER_MESSAGES_ES);
