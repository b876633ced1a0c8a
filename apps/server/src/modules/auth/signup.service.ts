import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { formatDateTime, type InvitationAcceptedDto, type InvitationSentDto, type InvitationViewDto, type SignupResultDto, type TAcceptInvitation, type TSignup } from '@omnio/domain';
import type { AuthedCtx, Ctx } from '../../platform/http/context';
import { fieldError, forbidden, notFound } from '../../platform/http/errors';
import { hashToken } from '../../platform/http/auth';
import { escapeHtml } from '../../platform/mail/mailer';
import { companies } from '../companies/companies.tables';
import { insertCompany } from '../companies/companies.service';
import { EMAIL_TAKEN, insertUser, offerWelcomeTour } from '../users/users.service';
import { users } from '../users/users.tables';
import { invitations } from './auth.tables';
import { suppliers } from '../suppliers/suppliers.tables';
import { withTenant } from '../../platform/db/tenant';
import { newOpaqueToken } from './tokens.service';
import { LINK_EXPIRED } from './password-reset.service';
import { isSignupOpen } from '../platform-settings/settings.service';

/** Self-service signup: a new company with its first tenant user holding every tenant permission. */
export async function signup(ctx: Ctx, input: TSignup): Promise<SignupResultDto> {
  // The owner can close sign-up (general settings); invitations still work.
  if (!(await isSignupOpen(ctx.db))) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const company = await insertCompany(tx, { name: input.company_name, email: input.email });
    const userId = await insertUser(tx, { name: input.name, email: input.email, password: input.password, role: 'tenant', companyId: company.id });
    // A new company's first user meets Omnio for the first time: the welcome tour starts after the first sign-in.
    await offerWelcomeTour(tx, userId);
    return { user_id: userId, company_id: company.id };
  });
}

/**
 * Invites someone into a company. The owner names the company; a tenant user invites into its own.
 * The mail is sent inside the request because the inviter wants to know at once if it failed.
 */
export async function createInvitation(
  ctx: AuthedCtx,
  input: { email: string; name?: string; role: 'tenant' | 'supplier'; company_id?: string; supplier_id?: string },
): Promise<InvitationSentDto> {
  const { principal } = ctx;
  let companyId: string | null;
  if (principal.role === 'owner') {
    if (!principal.permissions.has('create-user')) throw forbidden();
    companyId = input.company_id ?? null;
    if (!companyId) throw fieldError('company_id', 'The company is required');
  } else {
    if (principal.role !== 'tenant' || !principal.permissions.has('create-users-company')) throw forbidden();
    companyId = principal.companyId;
    if (!companyId) throw notFound('Company');
    if (input.company_id && input.company_id !== companyId) throw notFound('Company');
  }
  const [company] = await ctx.db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound('Company');
  if (input.role === 'supplier') {
    const found = await withTenant({ db: ctx.db, tenantId: companyId }, (tx) =>
      tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, input.supplier_id ?? '')).limit(1),
    );
    if (!found.length) throw fieldError('supplier_id', 'The supplier does not exist in this company');
  }
  const existing = await ctx.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, input.email.toLowerCase())).limit(1);
  if (existing.length) throw fieldError('email', EMAIL_TAKEN);
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + ctx.deps.config.invitationTtlSeconds * 1000);
  const [row] = await ctx.db
    .insert(invitations)
    .values({ companyId, email: input.email.toLowerCase(), name: input.name ?? null, role: input.role, supplierId: input.role === 'supplier' ? input.supplier_id! : null, tokenHash: hashToken(token), invitedBy: principal.userId, expiresAt })
    .returning({ id: invitations.id });
  const link = `${ctx.deps.config.appUrl}/validate?token=${token}`;
  // Issue 24: the app's one date format. The mail is English and the invitee has no language or zone yet: UTC, named.
  const expires = formatDateTime(expiresAt, 'en', { timeZone: 'UTC', showTimeZone: true });
  try {
    await ctx.deps.mailer.send({
      to: input.email,
      subject: `You are invited to ${company.name} on Omnio`,
      text: `Hello${input.name ? ` ${input.name}` : ''},\n\nYou have been invited to join ${company.name} on Omnio. Open this link to set your password:\n\n${link}\n\nThe invitation expires on ${expires}.\n`,
      html: `<p>Hello${input.name ? ` ${escapeHtml(input.name)}` : ''},</p><p>You have been invited to join <b>${escapeHtml(company.name)}</b> on Omnio.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>The invitation expires on ${expires}.</p>`,
    });
  } catch (err) {
    await ctx.db.delete(invitations).where(eq(invitations.id, row!.id));
    ctx.log.error({ err }, 'invitation mail failed');
    throw fieldError('email', 'Cant send the invitation');
  }
  return { id: row!.id, email: input.email.toLowerCase(), expires_at: expiresAt.toISOString() };
}

async function openInvitation(ctx: Ctx, token: string) {
  const [row] = await ctx.db
    .select({ id: invitations.id, email: invitations.email, name: invitations.name, role: invitations.role, supplierId: invitations.supplierId, companyId: companies.id, companyName: companies.name })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) throw fieldError('token', LINK_EXPIRED);
  return row;
}

export async function showInvitation(ctx: Ctx, token: string): Promise<InvitationViewDto> {
  const row = await openInvitation(ctx, token);
  return { email: row.email, name: row.name, role: row.role as InvitationViewDto['role'], company: { id: row.companyId, name: row.companyName } };
}

export async function acceptInvitation(ctx: Ctx, input: TAcceptInvitation): Promise<InvitationAcceptedDto> {
  const invitation = await openInvitation(ctx, input.token);
  return ctx.db.transaction(async (tx) => {
    const taken = await tx
      .update(invitations)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (!taken.length) throw fieldError('token', LINK_EXPIRED);
    const userId = await insertUser(tx, {
      name: input.name,
      email: invitation.email,
      password: input.password,
      role: invitation.role as 'tenant' | 'supplier',
      companyId: invitation.companyId,
      supplierId: invitation.supplierId,
    });
    return { user_id: userId };
  });
}
