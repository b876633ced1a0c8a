import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useMessageField, useMessageTextWith } from '../../shared/ui/form-helpers';
import { SUPPLIER_MESSAGES_ES } from './i18n';

/** Validation messages in the user's language, with this feature's Spanish texts. */
export const useMessageText = () => useMessageTextWith(SUPPLIER_MESSAGES_ES);

export const useSupplierField = <T extends FieldValues, TOut extends FieldValues = T>(form: UseFormReturn<T, unknown, TOut>) => useMessageField(form, SUPPLIER_MESSAGES_ES);
