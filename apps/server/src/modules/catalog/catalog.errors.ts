import { DomainError } from '../../platform/http/errors';

/**
 * Spec 5: changing a SKU in use asks for confirmation. The routes that can raise it answer
 * `409 {code: 'CONFIRMATION_REQUIRED', message}` (route-kit `confirmable`); it is a CONFLICT underneath,
 * so if it ever escaped elsewhere the client would still get a 409.
 */
export class ConfirmationRequired extends DomainError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}
