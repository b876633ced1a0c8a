import { defineLifecycle } from '../lifecycle';
import { RULE_HOOK_POINTS, type RuleHookPoint } from '../services';

/**
 * What a rule flow may name: the fields its conditions read, the operators they use, the actions it takes,
 * per hook point. The editor's palette, the validator (a 422 at save) and the evaluator all read this one
 * catalog, so a field or operator the editor offers is one the engine runs (docs/api-rules.md).
 */

/** Spec 4 hook points: the owner's templates' list (services.ts), one list for both. */
export const FLOW_HOOK_POINTS = RULE_HOOK_POINTS;
export type FlowHookPoint = RuleHookPoint;

/** The hook points whose flows run today. A flow for another one is refused at save (422), not stored to do nothing. */
export const RUNNING_HOOK_POINTS = ['before_import_order'] as const satisfies readonly FlowHookPoint[];

export type FieldKind = 'text' | 'number' | 'date' | 'boolean';
/** Where a field lives: the order as a whole, or each line (then a condition says any / all / no line). */
export type FieldScope = 'order' | 'line';

export interface FlowField {
  readonly key: string;
  readonly kind: FieldKind;
  readonly scope: FieldScope;
  readonly label: readonly [en: string, es: string];
}

const f = (key: string, kind: FieldKind, scope: FieldScope, en: string, es: string): FlowField => ({ key, kind, scope, label: [en, es] });

/**
 * Fields of before_import_order. `metadata.<key>` (any key) is also a text field of the order: the spec's
 * custom field. Line fields are read per line; `sku.*` are the catalog SKU the line resolved to (null when
 * it did not resolve).
 */
export const ORDER_FLOW_FIELDS: readonly FlowField[] = [
  f('order.channel', 'text', 'order', 'Channel', 'Canal'),
  f('order.external_id', 'text', 'order', 'Channel order id', 'Id del pedido en el canal'),
  f('order.currency', 'text', 'order', 'Currency', 'Moneda'),
  f('order.total', 'number', 'order', 'Order total', 'Total del pedido'),
  f('order.subtotal', 'number', 'order', 'Subtotal', 'Subtotal'),
  f('order.shipping', 'number', 'order', 'Shipping charged', 'Envío cobrado'),
  f('order.units', 'number', 'order', 'Units', 'Unidades'),
  f('order.line_count', 'number', 'order', 'Lines', 'Líneas'),
  f('order.weight', 'number', 'order', 'Total weight', 'Peso total'),
  f('order.ship_method', 'text', 'order', 'Ship method', 'Método de envío'),
  f('order.ship_carrier', 'text', 'order', 'Carrier', 'Transportista'),
  f('order.notes', 'text', 'order', 'Notes', 'Notas'),
  f('order.tags', 'text', 'order', 'Tags', 'Etiquetas'),
  f('order.deliver_by', 'date', 'order', 'Deliver by', 'Entregar antes de'),
  f('order.shipable_date', 'date', 'order', 'Shippable date', 'Fecha de envío posible'),
  f('order.created_at', 'date', 'order', 'Import date', 'Fecha de importación'),
  f('customer.email', 'text', 'order', 'Customer e-mail', 'Correo del cliente'),
  f('customer.first_name', 'text', 'order', 'Customer first name', 'Nombre del cliente'),
  f('customer.last_name', 'text', 'order', 'Customer last name', 'Apellido del cliente'),
  f('customer.company', 'text', 'order', 'Customer company', 'Empresa del cliente'),
  f('shipping_address.country', 'text', 'order', 'Ship-to country', 'País de entrega'),
  f('shipping_address.state', 'text', 'order', 'Ship-to state', 'Estado de entrega'),
  f('shipping_address.city', 'text', 'order', 'Ship-to city', 'Ciudad de entrega'),
  f('shipping_address.zip', 'text', 'order', 'Ship-to ZIP', 'Código postal de entrega'),
  f('shipping_address.address1', 'text', 'order', 'Ship-to address', 'Dirección de entrega'),
  f('shipping_address.company', 'text', 'order', 'Ship-to company', 'Empresa de entrega'),
  f('billing_address.country', 'text', 'order', 'Bill-to country', 'País de facturación'),
  f('process.id', 'text', 'order', 'Connection (id)', 'Conexión (id)'),
  f('process.name', 'text', 'order', 'Connection', 'Conexión'),
  f('process.driver', 'text', 'order', 'Connection service', 'Servicio de la conexión'),
  f('line.sku', 'text', 'line', 'Line SKU', 'SKU de la línea'),
  f('line.name', 'text', 'line', 'Line name', 'Nombre de la línea'),
  f('line.quantity', 'number', 'line', 'Line quantity', 'Cantidad de la línea'),
  f('line.price', 'number', 'line', 'Line price', 'Precio de la línea'),
  f('line.total', 'number', 'line', 'Line total', 'Total de la línea'),
  f('line.iloc_id', 'text', 'line', 'Line iLoc (id)', 'iLoc de la línea (id)'),
  f('sku.sku', 'text', 'line', 'Catalog SKU', 'SKU del catálogo'),
  f('sku.name', 'text', 'line', 'SKU name', 'Nombre del SKU'),
  f('sku.type', 'text', 'line', 'SKU type', 'Tipo de SKU'),
  f('sku.category', 'text', 'line', 'SKU category', 'Categoría del SKU'),
  f('sku.brand', 'text', 'line', 'SKU brand', 'Marca del SKU'),
  f('sku.weight', 'number', 'line', 'SKU weight', 'Peso del SKU'),
  f('sku.barcode', 'text', 'line', 'SKU barcode', 'Código de barras del SKU'),
  f('sku.available', 'number', 'line', 'Units available (all iLocs)', 'Unidades disponibles (todos los iLocs)'),
];

export const METADATA_FIELD_RE = /^metadata\.[A-Za-z0-9_.-]{1,100}$/;

/** The field named by `key` at a hook point, or null (a custom `metadata.<key>` is a text order field). */
export function flowField(hook: FlowHookPoint, key: string): FlowField | null {
  if (hook !== 'before_import_order') return null;
  if (METADATA_FIELD_RE.test(key)) return { key, kind: 'text', scope: 'order', label: [key, key] };
  return ORDER_FLOW_FIELDS.find((x) => x.key === key) ?? null;
}

/**
 * Spec 3 filter operators under their labels. `value` operators compare a field with `value` (`between`:
 * `value` and `value2`; `in`/`not_in`: a list). The aggregates (order_total_items, order_total_line,
 * custom_sum, custom_count) compare a number computed over the order with `value` through `compare`.
 */
export const FLOW_OPERATORS = [
  'equals', 'not_equals', 'contains', 'not_contains', 'starts_with', 'ends_with', 'is_blank', 'is_not_blank',
  'greater_than', 'less_than', 'at_least', 'at_most', 'in', 'not_in', 'between',
  'order_total_items', 'order_total_line', 'custom_sum', 'custom_count', 'custom_field',
] as const;
export type FlowOperator = (typeof FLOW_OPERATORS)[number];

export const AGGREGATE_OPERATORS = ['order_total_items', 'order_total_line', 'custom_sum', 'custom_count'] as const;
export const COMPARISONS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** Which operators a field kind takes (custom_field is for `metadata.<key>` text fields). */
export const OPERATORS_BY_KIND: Readonly<Record<FieldKind, readonly FlowOperator[]>> = {
  text: ['equals', 'not_equals', 'contains', 'not_contains', 'starts_with', 'ends_with', 'is_blank', 'is_not_blank', 'in', 'not_in', 'custom_field'],
  number: ['equals', 'not_equals', 'greater_than', 'less_than', 'at_least', 'at_most', 'between', 'is_blank', 'is_not_blank', 'in', 'not_in'],
  date: ['equals', 'greater_than', 'less_than', 'between', 'is_blank', 'is_not_blank'],
  boolean: ['equals', 'is_blank', 'is_not_blank'],
};

export const OPERATOR_LABELS: Readonly<Record<FlowOperator, readonly [string, string]>> = {
  equals: ['equals', 'es igual a'], not_equals: ['does not equal', 'no es igual a'], contains: ['contains', 'contiene'],
  not_contains: ['does not contain', 'no contiene'], starts_with: ['starts with', 'empieza por'], ends_with: ['ends with', 'termina en'],
  is_blank: ['is blank', 'está vacío'], is_not_blank: ['is not blank', 'no está vacío'], greater_than: ['greater than', 'mayor que'],
  less_than: ['less than', 'menor que'], at_least: ['at least', 'al menos'], at_most: ['at most', 'como máximo'], in: ['is one of', 'es uno de'],
  not_in: ['is none of', 'no es ninguno de'], between: ['between', 'entre'], order_total_items: ['order total items', 'unidades del pedido'],
  order_total_line: ['order total lines', 'líneas del pedido'], custom_sum: ['custom sum', 'suma personalizada'],
  custom_count: ['custom count', 'conteo personalizado'], custom_field: ['custom field', 'campo personalizado'],
};

/** How a line-scoped condition reads the lines: some line, every line, or no line matches. */
export const LINE_QUANTIFIERS = ['any', 'all', 'none'] as const;
export type LineQuantifier = (typeof LINE_QUANTIFIERS)[number];
/** How a condition node combines its conditions. */
export const CONDITION_MATCHES = ['all', 'any', 'none'] as const;
export type ConditionMatch = (typeof CONDITION_MATCHES)[number];

/**
 * Actions of before_import_order. `group` is the node's groupType: the spec's default template has a
 * `router` node whose action is select_inventory_location.
 */
export const FLOW_ACTIONS = [
  'select_inventory_location', 'set_ship_method', 'hold', 'add_tag', 'add_note', 'set_field', 'cancel', 'notify', 'add_line', 'replace_line',
] as const;
export type FlowActionType = (typeof FLOW_ACTIONS)[number];

export const ACTION_LABELS: Readonly<Record<FlowActionType, readonly [string, string]>> = {
  select_inventory_location: ['Select inventory location', 'Seleccionar ubicación de inventario'],
  set_ship_method: ['Set ship method and carrier', 'Fijar método de envío y transportista'],
  hold: ['Hold', 'Retener'],
  add_tag: ['Add a tag', 'Añadir etiqueta'],
  add_note: ['Add a note', 'Añadir nota'],
  set_field: ['Set a field', 'Fijar un campo'],
  cancel: ['Cancel the order', 'Cancelar el pedido'],
  notify: ['Send a notification', 'Enviar una notificación'],
  add_line: ['Add a line', 'Añadir una línea'],
  replace_line: ['Replace a line (kit)', 'Reemplazar una línea (kit)'],
};

/** Spec 3 "by rule, by stock, by distance, split". */
export const ILOC_STRATEGIES = ['iloc', 'stock', 'distance', 'split'] as const;
export type IlocStrategy = (typeof ILOC_STRATEGIES)[number];

/** What set_field may set (anything else is refused at save). `metadata.<key>` is also allowed. */
export const SETTABLE_FIELDS = ['ship_method', 'ship_carrier', 'deliver_by', 'shipable_date', 'notes', 'currency'] as const;

/**
 * The order field an action writes, for conflicts: two active flows at one hook whose actions write the
 * same one are shown to the author. set_field writes the field it names.
 */
export const ACTION_WRITES: Readonly<Record<FlowActionType, readonly string[]>> = {
  select_inventory_location: ['lines.iloc_id'], set_ship_method: ['ship_method', 'ship_carrier'], hold: ['hold_until'],
  add_tag: [], add_note: [], set_field: [], cancel: ['status'], notify: [], add_line: ['lines'], replace_line: ['lines'],
};

/** Guards of one evaluation: a flow that visits more nodes, or runs longer, is stopped with a clear error. */
export const FLOW_MAX_STEPS = 500;
export const FLOW_MAX_MS = 1000;
export const FLOW_MAX_NODES = 200;
export const MAX_ACTIVE_FLOWS_PER_HOOK = 50;
/** Traces are kept at least this long (the prune job removes older ones). */
export const RULE_TRACE_RETENTION_DAYS = 120;
export const DRY_RUN_MAX_DAYS = 365;
/** A dry run keeps at most this many orders it would change (or that would fail) for the diff table. */
export const DRY_RUN_MAX_RESULTS = 2000;
export const APPLY_MAX_ORDERS = 200;

/** Flow status machine: a new flow is inactive until enabled. */
export const flowLifecycle = defineLifecycle({
  inactive: { enable: 'active', delete: 'deleted' },
  active: { disable: 'inactive' },
  deleted: {},
} as const, { actions: ['enable', 'disable', 'delete'] });
export type FlowStatus = 'inactive' | 'active';
export type FlowAction = 'enable' | 'disable' | 'delete';
