import { useTranslation } from 'react-i18next';
import type { NotificationDto } from '@omnio/domain';

type Params = Record<string, unknown>;
type T = (key: string, options?: Record<string, unknown>) => string;
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The description of a kind from its figures, or null when the stored params lack one (then the server's English shows). */
const DESCRIPTIONS: Record<string, (p: Params, t: T, language: string) => string | null> = {
  orders_import: (p, t) => {
    const created = num(p.created), failed = num(p.failed);
    if (created === null || failed === null) return null;
    const parts = [t('orders_import.created', { count: created }), t('orders_import.failed', { count: failed })];
    if (num(p.duplicates)) parts.push(t('orders_import.duplicates', { count: p.duplicates }));
    if (num(p.in_error)) parts.push(t('orders_import.inError', { count: p.in_error }));
    return parts.join(t('separator')) + t('end');
  },
  orders_bulk_cancel: (p, t) => (num(p.cancelled) === null ? null : t('orders_bulk_cancel.description', { count: p.cancelled, skipped: num(p.skipped) ?? 0 })),
  report_ready: (p, t) => (num(p.rows) === null ? null : t('report_ready.description', { count: p.rows })),
  billing_order_limit: (p, t, language) => (num(p.limit) === null ? null : t('billing_order_limit.description', { limit: new Intl.NumberFormat(language).format(num(p.limit)!) })),
  webhook_disabled: (p, t) => (typeof p.address !== 'string' || num(p.failures) === null ? null : t('webhook_disabled.description', { address: p.address, count: p.failures })),
  edi_ack_overdue: (p, t) => {
    if (typeof p.connection !== 'string' || typeof p.list !== 'string') return null;
    const more = num(p.more) ?? 0;
    const documents = more > 0 ? t('edi_ack_overdue.more', { list: p.list, count: more }) : p.list;
    return t('edi_ack_overdue.description', { connection: p.connection, documents });
  },
  channels_data_request: (p, t) =>
    num(p.orders) === null ? null : t('channels_data_request.description', { count: p.orders, email: typeof p.email === 'string' ? p.email : t('channels_data_request.unknownEmail') }),
};

/**
 * A notification's title and description in the reader's language. The platform's own kinds are worded here
 * from their params; a rule's notification (its author's words) and unknown kinds show what was stored.
 */
export function useNotificationText(): (n: NotificationDto) => { title: string; description: string } {
  const { t, i18n } = useTranslation('notificationKinds');
  return (n) => {
    const kind = n.type.replace(/[.-]/g, '_');
    const stored = { title: n.data.title, description: n.data.description ?? '' };
    const describe = DESCRIPTIONS[kind];
    if (!describe) return stored;
    const description = describe(n.data.params ?? {}, t as T, i18n.language);
    // Without its figures (written before they were stored) the notification reads as it was written.
    return description === null ? stored : { title: t(`${kind}.title`), description };
  };
}
