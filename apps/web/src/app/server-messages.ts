import { ediMessagesEs } from '../features/channels/edi/edi-i18n';
import { channelMessagesEs } from '../features/channels/i18n';
import { CUSTOMER_MESSAGES_ES } from '../features/customers/i18n';
import { ORDER_MESSAGES_ES } from '../features/orders/form-fields';
import { SUPPLIER_MESSAGES_ES } from '../features/suppliers/i18n';
import { MESSAGES_ES as WAREHOUSE_MESSAGES_ES } from '../features/warehouses/i18n';
import { PO_MESSAGES_ES } from '../shared/forms/po-form-fields';
import { DOMAIN_MESSAGES_ES } from '../shared/i18n/domain-messages';
import { VALIDATION_MESSAGES_ES } from '../shared/i18n/validation-messages';
import { PARTY_MESSAGES_ES } from '../shared/parties/i18n';

/**
 * Every English message of the server and the shared schemas that a screen translates by its text: the keys of
 * the Spanish tables beside the features. Each other language has them in src/locales/<lang>/messages.json.
 */
const TABLES: readonly Readonly<Record<string, string>>[] = [
  VALIDATION_MESSAGES_ES, DOMAIN_MESSAGES_ES, PO_MESSAGES_ES, ORDER_MESSAGES_ES, PARTY_MESSAGES_ES, channelMessagesEs,
  ediMessagesEs, CUSTOMER_MESSAGES_ES, WAREHOUSE_MESSAGES_ES, SUPPLIER_MESSAGES_ES,
];

export const ENGLISH_SERVER_MESSAGES: readonly string[] = [...new Set(TABLES.flatMap((table) => Object.keys(table)))].sort();

/** All of them in Spanish, for a screen that shows a server message outside its feature (a CSV import's row errors). */
export const SPANISH_SERVER_MESSAGES: Readonly<Record<string, string>> = Object.assign({}, ...TABLES);
