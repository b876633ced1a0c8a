import { HttpError } from '../../shared/api/http';

/** What the login form shows for a failed sign-in: a common-namespace key, or the server's own hint. */
export type LoginFailure = { key: string } | { text: string };

/** Spec 5 login failures, keyed on the OAuth `error` code of POST /oauth/token. */
export function loginFailure(error: unknown): LoginFailure {
  if (!(error instanceof HttpError)) return { key: 'login.errors.unknown' };
  switch (error.bodyField('error')) {
    case 'invalid_grant':
      return { key: 'login.errors.invalidGrant' };
    case 'invalid_request': {
      const hint = error.bodyField('hint') ?? error.bodyField('error_description') ?? error.bodyField('message');
      return hint ? { text: hint } : { key: 'login.errors.unknown' };
    }
    case 'account_disabled':
      return { key: 'login.errors.accountDisabled' };
    default:
      return { key: 'login.errors.unknown' };
  }
}
