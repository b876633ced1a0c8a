import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { queryRows } from '../../platform/db/rows';
import type { AppDeps } from '../../platform/http/context';

/**
 * Sending a tenant's business mail (purchase orders to suppliers, the configuration test) with
 * attachments. The platform Mailer (platform/mail/mailer.ts) carries no attachments, so this module builds
 * its own nodemailer transport: from the tenant's mail configuration (spec 3) when there is one, else
 * from the platform's SMTP settings (SMTP_URL, or the built-in sink in development and tests) with the
 * tenant's name on the platform address.
 */

export interface StoredMailConfiguration {
  from_email: string;
  from_name: string | null;
  encryption: 'none' | 'ssl' | 'tls' | 'starttls';
  host: string;
  port: number;
  username: string | null;
  password: string | null;
}

export interface BusinessMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** A dead or silent host must answer within seconds (the "send test" button waits for it). */
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };

export function transportFor(config: StoredMailConfiguration): Transporter {
  const options: SMTPTransport.Options = {
    host: config.host,
    port: config.port,
    // ssl and tls both mean TLS from the first byte (port 465); starttls upgrades a plain connection and must succeed.
    secure: config.encryption === 'ssl' || config.encryption === 'tls',
    requireTLS: config.encryption === 'starttls',
    ignoreTLS: config.encryption === 'none',
    ...(config.username ? { auth: { user: config.username, pass: config.password ?? '' } } : {}),
    ...TIMEOUTS,
  };
  return nodemailer.createTransport(options);
}

export async function loadMailConfiguration(tx: Tx, tenantId: string): Promise<StoredMailConfiguration | null> {
  const [row] = await queryRows<StoredMailConfiguration>(tx, sql`
    SELECT from_email, from_name, encryption, host, port, username, password FROM mail_configurations WHERE tenant_id = ${tenantId}::uuid`);
  return row ? { ...row, port: Number(row.port) } : null;
}

/** The platform's SMTP address: SMTP_URL, else the built-in sink the runtime started (development, tests). */
function platformSmtpUrl(deps: AppDeps): string {
  const sink = (deps as AppDeps & { smtpSink?: { url: string } }).smtpSink;
  const url = deps.config.smtpUrl ?? sink?.url;
  if (!url) throw new Error('No SMTP server is configured for the platform');
  return url;
}

/** `Name <a@b>` → a@b (MAIL_FROM may be either form). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * Sends one business mail now; answers the message id, throws with the SMTP server's answer on failure.
 * `config` null means the platform's mailer address with `companyName` as the sender's name.
 */
export async function sendBusinessMail(deps: AppDeps, config: StoredMailConfiguration | null, companyName: string, mail: BusinessMail): Promise<string> {
  const transport = config ? transportFor(config) : nodemailer.createTransport({ url: platformSmtpUrl(deps), ...TIMEOUTS } as SMTPTransport.Options);
  const from = config
    ? { name: config.from_name ?? companyName, address: config.from_email }
    : { name: companyName, address: addressOf(deps.config.mailFrom) };
  try {
    const info = await transport.sendMail({ from, ...mail });
    return String(info.messageId ?? '');
  } finally {
    transport.close();
  }
}
