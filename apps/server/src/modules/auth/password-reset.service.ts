import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TPasswordReset } from '@omnio/domain';
import type { Ctx } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { hashToken } from '../../platform/http/auth';
import { escapeHtml } from '../../platform/mail/mailer';
import { users } from '../users/users.tables';
import { passwordResets } from './auth.tables';
import { hashPassword } from '../../platform/crypto/passwords';
import { newOpaqueToken, revokeUserTokens } from './tokens.service';

export const LINK_EXPIRED = 'The link has expired or has already been used';

/**
 * Sends a reset link when the address belongs to an active account. The answer is the same either
 * way, so the endpoint cannot be used to discover who has an account.
 */
export async function requestPasswordReset(ctx: Ctx, email: string): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (!user || user.disabledAt) return;
  const token = newOpaqueToken();
  const { passwordResetTtlSeconds, appUrl } = ctx.deps.config;
  await ctx.db.insert(passwordResets).values({
    email: user.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + passwordResetTtlSeconds * 1000),
  });
  const link = `${appUrl}/session/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
  const minutes = Math.round(passwordResetTtlSeconds / 60);
  await ctx.deps.mailer.send({
    to: user.email,
    subject: 'Reset your Omnio password',
    text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Omnio account. Open this link to choose a new one:\n\n${link}\n\nThe link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>Someone asked to reset the password of your Omnio account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail.</p>`,
  });
}

export async function resetPassword(ctx: Ctx, input: TPasswordReset): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    // Consuming the token is one conditional update: a link used twice at once still works only once.
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token)),
          eq(sql`lower(${passwordResets.email})`, input.email.toLowerCase()),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ email: passwordResets.email });
    if (!used.length) throw fieldError('token', LINK_EXPIRED);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
      .returning({ id: users.id });
    if (!user) throw fieldError('token', LINK_EXPIRED);
    // Every other link of this address dies too, and so do existing sign-ins: a reset is a lockout of whoever had the old password.
    await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(and(eq(sql`lower(${passwordResets.email})`, input.email.toLowerCase()), isNull(passwordResets.usedAt)));
    await revokeUserTokens(tx, user.id);
  });
  ctx.deps.principals.clear();
}
