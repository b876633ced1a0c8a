import { z } from 'zod';
import { MAIL_ENCRYPTIONS, ZMailConfiguration, type TMailConfiguration } from '@omnio/domain';
import type { MailConfiguration } from './api';

/** The mail configuration form (spec 3): text as inputs hold it; messages are `validation.*` keys. */
export const ZMailForm = z.object({
  from_email: z.string().trim().min(1, 'validation.required').regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'validation.email'),
  from_name: z.string(),
  incoming_server: z.string(),
  outgoing_server: z.string(),
  encryption: z.enum(MAIL_ENCRYPTIONS),
  host: z.string().trim().min(1, 'validation.required'),
  port: z.string().trim().regex(/^\d{1,5}$/, 'validation.port').refine((v) => Number(v) >= 1 && Number(v) <= 65535, 'validation.port'),
  username: z.string(),
  password: z.string(),
});
export type MailFormValues = z.infer<typeof ZMailForm>;

export const MAIL_FIELDS = ['from_email', 'from_name', 'incoming_server', 'outgoing_server', 'encryption', 'host', 'port', 'username', 'password'] as const;

/** The usual port for each encryption, offered when the port is still blank or another default. */
export const DEFAULT_PORTS: Record<(typeof MAIL_ENCRYPTIONS)[number], string> = { none: '25', ssl: '465', tls: '465', starttls: '587' };

export function toMailValues(c: MailConfiguration | null): MailFormValues {
  return {
    from_email: c?.from_email ?? '',
    from_name: c?.from_name ?? '',
    incoming_server: c?.incoming_server ?? '',
    outgoing_server: c?.outgoing_server ?? '',
    encryption: c?.encryption ?? 'starttls',
    host: c?.host ?? '',
    port: c?.port ? String(c.port) : '587',
    username: c?.username ?? '',
    // Write-only: the form never holds the stored password.
    password: '',
  };
}

const orNull = (v: string) => (v.trim() ? v.trim() : null);

/** The PUT body; a blank password is left out so the stored one stays. */
export function toMailBody(v: MailFormValues): TMailConfiguration {
  return {
    from_email: v.from_email.trim(),
    from_name: orNull(v.from_name),
    incoming_server: orNull(v.incoming_server),
    outgoing_server: orNull(v.outgoing_server),
    encryption: v.encryption,
    host: v.host.trim(),
    port: Number(v.port),
    username: orNull(v.username),
    ...(v.password ? { password: v.password } : {}),
  };
}

export function mailBodyProblems(body: TMailConfiguration): [string, string][] {
  const parsed = ZMailConfiguration.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
}

export const mailFieldOf = (key: string): string | null => ((MAIL_FIELDS as readonly string[]).includes(key) ? key : null);
