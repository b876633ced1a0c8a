import type { Tx } from '../../platform/db/client';
import { fieldError } from '../../platform/http/errors';
import { assertKeyFree, mapRaces, PG_UNIQUE, type Race } from '../parties/party-rules';
import { CUSTOMER_PARTY } from './customer-party';
import { customers } from './customers.tables';

/** Checks the customer writes share beyond the party rules. */

export const EMAIL_TAKEN = 'A customer with this email already exists';
export const GROUP_NAME_TAKEN = 'A group with this name already exists';

/** Spec 5 "not already registered": one customer per e-mail in a company, whatever its case. */
export const assertEmailFree = (tx: Tx, email: string, exceptId?: string): Promise<void> =>
  assertKeyFree(tx, CUSTOMER_PARTY, customers.emailKey, email, exceptId, () => fieldError('email', EMAIL_TAKEN));

/** A unique index a concurrent write won (same e-mail, same group name) answers the pre-check's 422. */
const RACES: readonly Race[] = [
  { code: PG_UNIQUE, on: 'customers_email_key', answer: () => fieldError('email', EMAIL_TAKEN) },
  { code: PG_UNIQUE, on: 'groups_name_key', answer: () => fieldError('name', GROUP_NAME_TAKEN) },
];
export const mapUniqueRaces = <T>(run: () => Promise<T>): Promise<T> => mapRaces(RACES, run);
