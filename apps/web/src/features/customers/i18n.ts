import { PARTY_MESSAGES_ES, withPartyStrings } from '../../shared/parties/i18n';
import type { FeatureStrings } from '../../shared/routing/screen-map';

const en = {
  actions: {
    createCustomer: 'New customer',
    back: 'Customers',
    groups: 'Customer groups',
    createGroup: 'New group',
    addShipping: 'Add a shipping address',
  },
  fields: {
    completeness: 'Shipping info',
    orders: 'Orders',
    created: 'Created',
    description: 'Description',
    members: 'Customers',
    number: 'Order',
    status: 'Status',
    total: 'Total',
    date: 'Date',
  },
  /** The names `missing` uses (spec 8 customer_incomplete). */
  missing: { first_name: 'first name', address1: 'address', city: 'city', zip: 'zip', country: 'country' },
  /** An order's status in the customer's order list (ORDER_STATUSES). */
  orderStatus: { draft: 'Draft', on_hold: 'On hold', open: 'Open', closed: 'Closed', error: 'Error', cancelled: 'Cancelled' },
  list: {
    title: 'Customers',
    search: 'Search name, email or company',
    anyCompleteness: 'Any',
    empty: 'No customers yet',
  },
  completeness: {
    complete: 'Complete',
    incomplete: 'Incomplete',
    missing: 'Missing: {{fields}}',
    bannerComplete: 'Shipping information is complete.',
    bannerIncomplete: 'Shipping information is incomplete. Missing: {{fields}}.',
    bannerHint: 'Orders for this customer stop with “customer incomplete” until the default shipping address has a first name, address, city, zip and country.',
  },
  form: {
    createTitle: 'New customer',
    customerSection: 'Customer',
    shippingSection: 'Shipping address',
    shippingHint: 'Optional. Needed for the customer to be complete.',
  },
  show: {
    title: 'Customer',
    notFound: 'This customer does not exist or belongs to another company.',
    details: 'Details',
    orders: 'Latest orders',
    noOrders: 'No orders for this customer yet',
    ordersCount: '{{count}} orders',
  },
  groups: {
    customerTitle: 'Customer groups',
    supplierTitle: 'Supplier groups',
    search: 'Search groups',
    empty: 'No groups yet',
    createTitle: 'New group',
    editTitle: 'Edit {{name}}',
    toCustomers: 'Customers',
  },
  delete: {
    customerTitle: 'Delete customer',
    customerMessage: 'Delete “{{name}}” with its addresses and contacts? A customer with orders cannot be deleted.',
    addressTitle: 'Delete address',
    addressMessage: 'Delete the address “{{name}}”?',
    contactTitle: 'Delete contact',
    contactMessage: 'Delete the contact “{{name}}”?',
    groupTitle: 'Delete group',
    groupMessage: 'Delete the group “{{name}}”? Its customers stay, without a group.',
  },
  notices: {
    customerCreated: 'Customer {{name}} created',
    customerUpdated: 'Customer {{name}} saved',
    customerDeleted: 'Customer {{name}} deleted',
    groupCreated: 'Group {{name}} created',
    groupUpdated: 'Group {{name}} saved',
    groupDeleted: 'Group {{name}} deleted',
  },
  errors: {
    loadCustomers: 'Could not load the customers',
    loadCustomer: 'Could not load the customer',
    saveCustomer: 'Could not save the customer',
    deleteCustomer: 'Could not delete the customer',
    loadGroups: 'Could not load the groups',
    saveGroup: 'Could not save the group',
    deleteGroup: 'Could not delete the group',
  },
};

const es: typeof en = {
  actions: {
    createCustomer: 'Nuevo cliente',
    back: 'Clientes',
    groups: 'Grupos de clientes',
    createGroup: 'Nuevo grupo',
    addShipping: 'Añadir una dirección de envío',
  },
  fields: {
    completeness: 'Datos de envío',
    orders: 'Pedidos',
    created: 'Creado',
    description: 'Descripción',
    members: 'Clientes',
    number: 'Pedido',
    status: 'Estado',
    total: 'Total',
    date: 'Fecha',
  },
  missing: { first_name: 'nombre', address1: 'dirección', city: 'ciudad', zip: 'código postal', country: 'país' },
  orderStatus: { draft: 'Borrador', on_hold: 'En espera', open: 'Abierto', closed: 'Cerrado', error: 'Error', cancelled: 'Cancelado' },
  list: {
    title: 'Clientes',
    search: 'Buscar por nombre, correo o empresa',
    anyCompleteness: 'Todos',
    empty: 'Aún no hay clientes',
  },
  completeness: {
    complete: 'Completo',
    incomplete: 'Incompleto',
    missing: 'Falta: {{fields}}',
    bannerComplete: 'Los datos de envío están completos.',
    bannerIncomplete: 'Los datos de envío están incompletos. Falta: {{fields}}.',
    bannerHint: 'Los pedidos de este cliente se detienen con «cliente incompleto» hasta que la dirección de envío predeterminada tenga nombre, dirección, ciudad, código postal y país.',
  },
  form: {
    createTitle: 'Nuevo cliente',
    customerSection: 'Cliente',
    shippingSection: 'Dirección de envío',
    shippingHint: 'Opcional. Necesaria para que el cliente esté completo.',
  },
  show: {
    title: 'Cliente',
    notFound: 'Este cliente no existe o pertenece a otra empresa.',
    details: 'Datos',
    orders: 'Últimos pedidos',
    noOrders: 'Este cliente aún no tiene pedidos',
    ordersCount: '{{count}} pedidos',
  },
  groups: {
    customerTitle: 'Grupos de clientes',
    supplierTitle: 'Grupos de proveedores',
    search: 'Buscar grupos',
    empty: 'Aún no hay grupos',
    createTitle: 'Nuevo grupo',
    editTitle: 'Editar {{name}}',
    toCustomers: 'Clientes',
  },
  delete: {
    customerTitle: 'Eliminar cliente',
    customerMessage: '¿Eliminar «{{name}}» con sus direcciones y contactos? Un cliente con pedidos no se puede eliminar.',
    addressTitle: 'Eliminar dirección',
    addressMessage: '¿Eliminar la dirección «{{name}}»?',
    contactTitle: 'Eliminar contacto',
    contactMessage: '¿Eliminar el contacto «{{name}}»?',
    groupTitle: 'Eliminar grupo',
    groupMessage: '¿Eliminar el grupo «{{name}}»? Sus clientes se mantienen, sin grupo.',
  },
  notices: {
    customerCreated: 'Cliente {{name}} creado',
    customerUpdated: 'Cliente {{name}} guardado',
    customerDeleted: 'Cliente {{name}} eliminado',
    groupCreated: 'Grupo {{name}} creado',
    groupUpdated: 'Grupo {{name}} guardado',
    groupDeleted: 'Grupo {{name}} eliminado',
  },
  errors: {
    loadCustomers: 'No se pudieron cargar los clientes',
    loadCustomer: 'No se pudo cargar el cliente',
    saveCustomer: 'No se pudo guardar el cliente',
    deleteCustomer: 'No se pudo eliminar el cliente',
    loadGroups: 'No se pudieron cargar los grupos',
    saveGroup: 'No se pudo guardar el grupo',
    deleteGroup: 'No se pudo eliminar el grupo',
  },
};

/** The customer screens' strings, over the ones customers share with suppliers (shared/parties/i18n.ts). */
export const customersStrings: FeatureStrings = withPartyStrings({ en, es });

/**
 * Spanish for the English messages of the customer schemas in @omnio/domain (the server answers 422s with
 * the same texts), by exact text; anything else falls back to the shared table.
 */
export const CUSTOMER_MESSAGES_ES: Record<string, string> = {
  ...PARTY_MESSAGES_ES,
  'Give a first name, last name, email or company': 'Indique un nombre, apellidos, correo electrónico o empresa',
  'A customer with this email already exists': 'Ya existe un cliente con este correo electrónico',
  'A group with this name already exists': 'Ya existe un grupo con este nombre',
  'The customer group does not exist': 'El grupo de clientes no existe',
  'The name may not be longer than 120 characters': 'El nombre no puede tener más de 120 caracteres',
  'At most 1000 characters': 'Como máximo 1000 caracteres',
  'At most 191 characters': 'Como máximo 191 caracteres',
  'At most 40 characters': 'Como máximo 40 caracteres',
};
