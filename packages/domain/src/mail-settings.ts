import { z } from 'zod';
import { ZTimestamp } from './responses';
import { MAIL_ENCRYPTIONS } from './supply';

/**
 * Answers of /mail-configuration (docs/api-supply-chain.md "Mail configuration"); the request is
 * ZMailConfiguration (supply.ts). The password is write-only: only whether one is stored is answered.
 */
export const ZMailConfigurationView = z.object({
  from_email: z.string(),
  from_name: z.string().nullable(),
  incoming_server: z.string().nullable(),
  outgoing_server: z.string().nullable(),
  encryption: z.enum(MAIL_ENCRYPTIONS),
  host: z.string(),
  port: z.number().int(),
  username: z.string().nullable(),
  has_password: z.boolean(),
  last_test_at: ZTimestamp.nullable(),
  last_test_ok: z.boolean().nullable(),
  last_test_error: z.string().nullable(),
  updated_at: ZTimestamp.nullable(),
});
export type MailConfigurationDto = z.input<typeof ZMailConfigurationView>;

/** POST /mail-configuration/test: an SMTP failure is an answer (`ok: false` with the server's words), not an error. */
export const ZMailTestResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type MailTestResultDto = z.input<typeof ZMailTestResult>;
