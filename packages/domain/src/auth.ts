import { z } from 'zod';
import { ZRef, ZTimestamp } from './responses';
import { ZCompanyBrief } from './companies';

/** Sign-in and the session: tokens, invitations, signup, password reset (docs/API.md, authentication). */

// ---- Answers (the response contract; see responses.ts) ----

/** The OAuth 2 token response (RFC 6749 5.1): /oauth/token, and the owner's login-by-admin. */
export const ZIssuedTokens = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  refresh_token: z.string(),
  /** Seconds the access token lives. */
  expires_in: z.number().int(),
});
export type IssuedTokensDto = z.input<typeof ZIssuedTokens>;

/** A company the signed-in user belongs to (GET /session/companies); `active` is the one the session works in. */
export const ZSessionCompany = ZCompanyBrief.extend({ active: z.boolean() });
export type SessionCompanyDto = z.input<typeof ZSessionCompany>;

/** POST /session/active-company: the company the session now works in. */
export const ZActiveCompanySwitch = z.object({ company: ZCompanyBrief });
export type ActiveCompanySwitchDto = z.input<typeof ZActiveCompanySwitch>;

/** A sent invitation (POST /invitations); the link itself only goes by mail. */
export const ZInvitationSent = z.object({ id: z.string(), email: z.string(), expires_at: ZTimestamp });
export type InvitationSentDto = z.input<typeof ZInvitationSent>;

/** What the invitation link shows before the invitee sets a password (GET /api/invitations/{token}). */
export const ZInvitationView = z.object({
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(['tenant', 'supplier']),
  company: ZRef,
});
export type InvitationViewDto = z.input<typeof ZInvitationView>;

/** POST /api/signup: the new company and its first user. */
export const ZSignupResult = z.object({ user_id: z.string(), company_id: z.string() });
export type SignupResultDto = z.input<typeof ZSignupResult>;

/** POST /api/invitations/accept: the user the invitation made. */
export const ZInvitationAccepted = z.object({ user_id: z.string() });
export type InvitationAcceptedDto = z.input<typeof ZInvitationAccepted>;

/** The password routes answer a sentence for the person, the same whether or not the address is known. */
export const ZPasswordMessage = z.object({ message: z.string() });
export type PasswordMessageDto = z.input<typeof ZPasswordMessage>;

/**
 * A refused token request (RFC 6749 5.2): `error` is the machine's code (invalid_grant, invalid_client,
 * account_disabled, …), `message` what a person reads, `hint` only for a malformed request.
 */
export const ZOAuthError = z.object({
  error: z.string(),
  error_description: z.string(),
  message: z.string(),
  hint: z.string().optional(),
});
export type OAuthErrorDto = z.input<typeof ZOAuthError>;
