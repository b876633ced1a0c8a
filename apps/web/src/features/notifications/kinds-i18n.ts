import type { FeatureStrings } from '../../shared/routing/screen-map';

/**
 * The texts of the notifications the platform writes, by kind (`orders.import` → `orders_import`). The server
 * stores English with the figures in `data.params`; the bell and the list word it in the reader's language.
 */
const en = {
  separator: ', ',
  end: '.',
  orders_import: {
    title: 'Orders import finished',
    created_one: '{{count}} order created',
    created_other: '{{count}} orders created',
    failed: '{{count}} failed',
    duplicates: '{{count}} already imported',
    inError: '{{count}} created in error',
  },
  orders_bulk_cancel: {
    title: 'Bulk cancel finished',
    description_one: '{{count}} order cancelled, {{skipped}} skipped.',
    description_other: '{{count}} orders cancelled, {{skipped}} skipped.',
  },
  report_ready: {
    title: 'Orders report ready',
    description_one: 'Your orders report ({{count}} order) is ready to download.',
    description_other: 'Your orders report ({{count}} orders) is ready to download.',
  },
  billing_order_limit: {
    title: 'Order limit reached',
    description: 'Your plan allows {{limit}} orders a month and they have all been used. Upgrade your plan to create more.',
  },
  webhook_disabled: {
    title: 'Webhook disabled',
    description_one: 'Deliveries to {{address}} failed {{count}} time in a row, so the webhook was disabled. Fix the receiver and enable it again.',
    description_other: 'Deliveries to {{address}} failed {{count}} times in a row, so the webhook was disabled. Fix the receiver and enable it again.',
  },
  edi_ack_overdue: {
    title: 'EDI documents not acknowledged',
    description: '{{connection}}: no 997 came back for {{documents}}',
    more_one: '{{list}} and {{count}} more',
    more_other: '{{list}} and {{count}} more',
  },
  channels_data_request: {
    title: 'Customer data request',
    description_one: "A customer ({{email}}) asked for their data: {{count}} order exported with the webhook in the connection's received webhooks.",
    description_other: "A customer ({{email}}) asked for their data: {{count}} orders exported with the webhook in the connection's received webhooks.",
    unknownEmail: 'unknown e-mail',
  },
};

const es: typeof en = {
  separator: ', ',
  end: '.',
  orders_import: {
    title: 'Importación de pedidos terminada',
    created_one: '{{count}} pedido creado',
    created_other: '{{count}} pedidos creados',
    failed: '{{count}} con errores',
    duplicates: '{{count}} ya importados',
    inError: '{{count}} creados en error',
  },
  orders_bulk_cancel: {
    title: 'Cancelación masiva terminada',
    description_one: '{{count}} pedido cancelado, {{skipped}} omitidos.',
    description_other: '{{count}} pedidos cancelados, {{skipped}} omitidos.',
  },
  report_ready: {
    title: 'Informe de pedidos listo',
    description_one: 'Su informe de pedidos ({{count}} pedido) está listo para descargar.',
    description_other: 'Su informe de pedidos ({{count}} pedidos) está listo para descargar.',
  },
  billing_order_limit: {
    title: 'Límite de pedidos alcanzado',
    description: 'Su plan permite {{limit}} pedidos al mes y ya se han usado todos. Mejore su plan para crear más.',
  },
  webhook_disabled: {
    title: 'Webhook desactivado',
    description_one: 'Las entregas a {{address}} fallaron {{count}} vez seguida, así que el webhook se desactivó. Corrija el receptor y vuelva a activarlo.',
    description_other: 'Las entregas a {{address}} fallaron {{count}} veces seguidas, así que el webhook se desactivó. Corrija el receptor y vuelva a activarlo.',
  },
  edi_ack_overdue: {
    title: 'Documentos EDI sin acuse de recibo',
    description: '{{connection}}: no llegó ningún 997 para {{documents}}',
    more_one: '{{list}} y {{count}} más',
    more_other: '{{list}} y {{count}} más',
  },
  channels_data_request: {
    title: 'Solicitud de datos de un cliente',
    description_one: 'Un cliente ({{email}}) pidió sus datos: {{count}} pedido exportado con el webhook, en los webhooks recibidos de la conexión.',
    description_other: 'Un cliente ({{email}}) pidió sus datos: {{count}} pedidos exportados con el webhook, en los webhooks recibidos de la conexión.',
    unknownEmail: 'correo desconocido',
  },
};

export const notificationKindsStrings: FeatureStrings = { en, es };
