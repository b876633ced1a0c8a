import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZNotificationData, type TNotificationData } from '@omnio/domain';
import { queryRows } from '../../platform/db/rows';
import { defineJob, type RunningJob } from '../../platform/jobs/jobs';
import { escapeHtml } from '../../platform/mail/mailer';
import { uuidArray } from '../inventory/holder-sql';

export const NOTIFICATION_EMAIL_JOB = 'notifications.email';

const ZPayload = z.object({ mails: z.array(z.object({ user_id: z.string(), type: z.string(), data: ZNotificationData })).min(1) }).strict();
type Payload = z.infer<typeof ZPayload>;

const n = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const pl = (count: number, one: string, other: string) => (count === 1 ? one : other);

/**
 * Spanish for the platform's own kinds, from the figures the writer stored (the web words the same kinds in
 * every UI language; a mail goes in the language the account keeps, en or sp). Null keeps the stored English.
 */
const SPANISH: Record<string, (p: Record<string, unknown>) => { title: string; description: string } | null> = {
  'orders.import': (p) => {
    const created = n(p.created), failed = n(p.failed);
    if (created === null || failed === null) return null;
    const parts = [`${created} ${pl(created, 'pedido creado', 'pedidos creados')}`, `${failed} con errores`];
    if (n(p.duplicates)) parts.push(`${p.duplicates} ya importados`);
    if (n(p.in_error)) parts.push(`${p.in_error} creados en error`);
    return { title: 'Importación de pedidos terminada', description: `${parts.join(', ')}.` };
  },
  'orders.bulk-cancel': (p) => {
    const c = n(p.cancelled);
    return c === null ? null : { title: 'Cancelación masiva terminada', description: `${c} ${pl(c, 'pedido cancelado', 'pedidos cancelados')}, ${n(p.skipped) ?? 0} omitidos.` };
  },
  'report.ready': (p) => {
    const rows = n(p.rows);
    return rows === null ? null : { title: 'Informe de pedidos listo', description: `Su informe de pedidos (${rows} ${pl(rows, 'pedido', 'pedidos')}) está listo para descargar.` };
  },
  'billing.order-limit': (p) => {
    const limit = n(p.limit);
    return limit === null ? null : {
      title: 'Límite de pedidos alcanzado',
      description: `Su plan permite ${new Intl.NumberFormat('es').format(limit)} pedidos al mes y ya se han usado todos. Mejore su plan para crear más.`,
    };
  },
  'webhook.disabled': (p) => {
    const f = n(p.failures);
    return typeof p.address !== 'string' || f === null ? null : {
      title: 'Webhook desactivado',
      description: `Las entregas a ${p.address} fallaron ${f} ${pl(f, 'vez seguida', 'veces seguidas')}, así que el webhook se desactivó. Corrija el receptor y vuelva a activarlo.`,
    };
  },
  'edi.ack-overdue': (p) => {
    if (typeof p.connection !== 'string' || typeof p.list !== 'string') return null;
    const more = n(p.more) ?? 0;
    return { title: 'Documentos EDI sin acuse de recibo', description: `${p.connection}: no llegó ningún 997 para ${p.list}${more ? ` y ${more} más` : ''}` };
  },
  'channels.data-request': (p) => {
    const orders = n(p.orders);
    return orders === null ? null : {
      title: 'Solicitud de datos de un cliente',
      description: `Un cliente (${typeof p.email === 'string' ? p.email : 'correo desconocido'}) pidió sus datos: ${orders} ${pl(orders, 'pedido exportado', 'pedidos exportados')} con el webhook, en los webhooks recibidos de la conexión.`,
    };
  },
};

/** A notification's text in the account's language (en or sp). */
export function notificationMailText(type: string, data: TNotificationData, language: string): { title: string; description: string } {
  const stored = { title: data.title, description: data.description ?? '' };
  if (language !== 'sp') return stored;
  return SPANISH[type]?.(data.params ?? {}) ?? stored;
}

async function sendNotificationMails(job: RunningJob<Payload>) {
  const { mails } = job.payload;
  const users = await job.inTenant((tx) => queryRows<{ id: string; email: string; name: string; language: string }>(tx, sql`
    SELECT u.id, u.email, u.name, u.language FROM users u JOIN company_users cu ON cu.user_id = u.id AND cu.company_id = ${job.tenantId}::uuid
    WHERE u.id = ANY(${uuidArray(mails.map((m) => m.user_id))}) AND u.disabled_at IS NULL`));
  const appUrl = job.deps.config.appUrl.replace(/\/$/, '');
  let sent = 0;
  for (const mail of mails) {
    const user = users.find((u) => u.id === mail.user_id);
    if (!user) continue;
    const { title, description } = notificationMailText(mail.type, mail.data, user.language);
    const spanish = user.language === 'sp';
    const link = `${appUrl}/notifications`;
    const footer = spanish
      ? 'Recibe este correo porque lo activó en Ajustes de notificaciones.'
      : 'You receive this e-mail because it is turned on in your notification settings.';
    await job.deps.mailer.send({
      to: user.email,
      subject: `Omnio: ${title}`,
      text: `${title}\n\n${description}\n\n${spanish ? 'Abrir en Omnio' : 'Open in Omnio'}: ${link}\n\n${footer}\n`,
      html: `<h2 style="font-family:sans-serif">${escapeHtml(title)}</h2><p style="font-family:sans-serif">${escapeHtml(description)}</p>`
        + `<p style="font-family:sans-serif"><a href="${escapeHtml(link)}">${spanish ? 'Abrir en Omnio' : 'Open in Omnio'}</a></p>`
        + `<p style="font-family:sans-serif;color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
    });
    sent++;
  }
  return { sent };
}

export function registerNotificationMailJob(): void {
  defineJob({ name: NOTIFICATION_EMAIL_JOB, payload: ZPayload, retryLimit: 3, retryDelay: 60, handler: sendNotificationMails });
}
