import { eq, sql } from 'drizzle-orm';
import type { MailConfigurationDto, MailTestResultDto, TMailConfiguration } from '@omnio/domain';
import { withTenant } from '../../platform/db/tenant';
import { isoOrNull, queryRows } from '../../platform/db/rows';
import type { TenantCtx } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { escapeHtml } from '../../platform/mail/mailer';
import { users } from '../users/users.tables';
import { loadMailConfiguration, sendBusinessMail } from './mail-transport';

/** Spec 3 mail configuration of the tenant: one row, the password write-only. */

type Row = Record<string, unknown>;

function view(r: Row): MailConfigurationDto {
  return {
    from_email: r.from_email as string,
    from_name: (r.from_name as string | null) ?? null,
    incoming_server: (r.incoming_server as string | null) ?? null,
    outgoing_server: (r.outgoing_server as string | null) ?? null,
    encryption: r.encryption as MailConfigurationDto['encryption'],
    host: r.host as string,
    port: Number(r.port),
    username: (r.username as string | null) ?? null,
    has_password: Boolean(r.has_password),
    last_test_at: isoOrNull(r.last_test_at),
    last_test_ok: (r.last_test_ok as boolean | null) ?? null,
    last_test_error: (r.last_test_error as string | null) ?? null,
    updated_at: isoOrNull(r.updated_at),
  };
}

const COLUMNS = sql`from_email, from_name, incoming_server, outgoing_server, encryption, host, port, username,
  (password IS NOT NULL AND password <> '') AS has_password, last_test_at, last_test_ok, last_test_error, updated_at`;

export const getMailConfiguration = (ctx: TenantCtx) =>
  withTenant(ctx, async (tx) => {
    const [row] = await queryRows<Row>(tx, sql`SELECT ${COLUMNS} FROM mail_configurations WHERE tenant_id = ${ctx.tenantId}::uuid`);
    return row ? view(row) : null;
  });

/**
 * PUT: saves the configuration. A password omitted, null or empty keeps the stored one (the form never
 * receives it back, so an untouched field must not wipe it). A changed server makes the last test stale.
 */
export const saveMailConfiguration = (ctx: TenantCtx, input: TMailConfiguration) =>
  withTenant(ctx, async (tx) => {
    const password = input.password ? input.password : null;
    const [row] = await queryRows<Row>(tx, sql`
      INSERT INTO mail_configurations (tenant_id, from_email, from_name, incoming_server, outgoing_server, encryption, host, port, username, password)
      VALUES (${ctx.tenantId}::uuid, ${input.from_email}, ${input.from_name ?? null}, ${input.incoming_server ?? null}, ${input.outgoing_server ?? null},
        ${input.encryption}, ${input.host}, ${input.port}, ${input.username ?? null}, ${password})
      ON CONFLICT (tenant_id) DO UPDATE SET from_email = excluded.from_email, from_name = excluded.from_name,
        incoming_server = excluded.incoming_server, outgoing_server = excluded.outgoing_server, encryption = excluded.encryption,
        host = excluded.host, port = excluded.port, username = excluded.username,
        password = coalesce(excluded.password, mail_configurations.password),
        last_test_at = CASE WHEN (mail_configurations.host, mail_configurations.port, mail_configurations.encryption, mail_configurations.username)
          IS NOT DISTINCT FROM (excluded.host, excluded.port, excluded.encryption, excluded.username) AND excluded.password IS NULL
          THEN mail_configurations.last_test_at END,
        last_test_ok = CASE WHEN (mail_configurations.host, mail_configurations.port, mail_configurations.encryption, mail_configurations.username)
          IS NOT DISTINCT FROM (excluded.host, excluded.port, excluded.encryption, excluded.username) AND excluded.password IS NULL
          THEN mail_configurations.last_test_ok END,
        last_test_error = CASE WHEN (mail_configurations.host, mail_configurations.port, mail_configurations.encryption, mail_configurations.username)
          IS NOT DISTINCT FROM (excluded.host, excluded.port, excluded.encryption, excluded.username) AND excluded.password IS NULL
          THEN mail_configurations.last_test_error END,
        updated_at = now()
      RETURNING ${COLUMNS}`);
    return view(row!);
  });

export const deleteMailConfiguration = (ctx: TenantCtx) =>
  withTenant(ctx, async (tx) => {
    const gone = await queryRows<Row>(tx, sql`DELETE FROM mail_configurations WHERE tenant_id = ${ctx.tenantId}::uuid RETURNING tenant_id`);
    if (!gone.length) throw notFound('Mail configuration');
  });

/**
 * POST /mail-configuration/test: sends a message through the stored configuration now (default recipient:
 * the caller) and stores the outcome. An SMTP failure is an answer (`ok: false` with the server's words),
 * not an error of this request.
 */
export async function testMailConfiguration(ctx: TenantCtx, to?: string): Promise<MailTestResultDto> {
  const { config, company, recipient } = await withTenant(ctx, async (tx) => {
    const config = await loadMailConfiguration(tx, ctx.tenantId);
    if (!config) throw notFound('Mail configuration');
    const [c] = await queryRows<{ name: string }>(tx, sql`SELECT name FROM companies WHERE id = ${ctx.tenantId}::uuid`);
    const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, ctx.principal.userId)).limit(1);
    return { config, company: c?.name ?? '', recipient: to ?? me?.email ?? config.from_email };
  });
  let error: string | null = null;
  try {
    await sendBusinessMail(ctx.deps, config, company, {
      to: recipient,
      subject: `Test message from ${company}`,
      text: `This is a test message from Omnio. ${company}'s mail configuration (${config.host}:${config.port}) works.`,
      html: `<p>This is a test message from Omnio.</p><p>${escapeHtml(company)}'s mail configuration (${escapeHtml(config.host)}:${config.port}) works.</p>`,
    });
  } catch (err) {
    error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  }
  await withTenant(ctx, (tx) => tx.execute(sql`
    UPDATE mail_configurations SET last_test_at = now(), last_test_ok = ${error === null}, last_test_error = ${error}
    WHERE tenant_id = ${ctx.tenantId}::uuid`));
  return error === null ? { ok: true as const } : { ok: false as const, error };
}
