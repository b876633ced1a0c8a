import type { FeatureStrings } from '../routing/screen-map';

/**
 * The strings customers and suppliers share (addresses, contacts, the party form's common fields). They are
 * not a namespace of their own: each party feature merges them under its own strings (withPartyStrings), so
 * the shared screens read them from the feature's namespace, where a feature may also override one.
 */
const en = {
  actions: {
    edit: 'Edit',
    delete: 'Delete',
    save: 'Save',
    addAddress: 'Add address',
    addContact: 'Add contact',
    editAddress: 'Edit address {{n}}',
    deleteAddress: 'Delete address {{n}}',
    editContact: 'Edit contact {{name}}',
    deleteContact: 'Delete contact {{name}}',
  },
  fields: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    group: 'Group',
    notes: 'Notes',
    updated: 'Last updated',
    kind: 'Type',
    isDefault: 'Default address of its type',
    firstName: 'First name',
    lastName: 'Last name',
    company: 'Company',
    address1: 'Address',
    address2: 'Address line 2',
    city: 'City',
    state: 'State or region',
    zip: 'Zip or postal code',
    country: 'Country',
    countryHelp: 'Two-letter code, e.g. US',
    role: 'Role',
  },
  kinds: { shipping: 'Shipping', billing: 'Billing' },
  list: {
    allGroups: 'All groups',
    noGroup: 'No group',
    actions: 'Actions',
  },
  form: {
    editTitle: 'Edit {{name}}',
  },
  show: {
    addresses: 'Addresses',
    noAddresses: 'No addresses yet',
    contacts: 'Contacts',
    noContacts: 'No contacts yet',
    default: 'Default',
    addressN: 'Address {{n}}',
  },
  address: { createTitle: 'New address', editTitle: 'Edit address' },
  contact: { createTitle: 'New contact', editTitle: 'Edit contact' },
  notices: {
    addressSaved: 'Address saved',
    addressDeleted: 'Address deleted',
    contactSaved: 'Contact {{name}} saved',
    contactDeleted: 'Contact {{name}} deleted',
  },
  errors: {
    saveAddress: 'Could not save the address',
    deleteAddress: 'Could not delete the address',
    saveContact: 'Could not save the contact',
    deleteContact: 'Could not delete the contact',
  },
};

const es: typeof en = {
  actions: {
    edit: 'Editar',
    delete: 'Eliminar',
    save: 'Guardar',
    addAddress: 'Añadir dirección',
    addContact: 'Añadir contacto',
    editAddress: 'Editar dirección {{n}}',
    deleteAddress: 'Eliminar dirección {{n}}',
    editContact: 'Editar contacto {{name}}',
    deleteContact: 'Eliminar contacto {{name}}',
  },
  fields: {
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    group: 'Grupo',
    notes: 'Notas',
    updated: 'Última actualización',
    kind: 'Tipo',
    isDefault: 'Dirección predeterminada de su tipo',
    firstName: 'Nombre',
    lastName: 'Apellidos',
    company: 'Empresa',
    address1: 'Dirección',
    address2: 'Dirección (línea 2)',
    city: 'Ciudad',
    state: 'Estado o región',
    zip: 'Código postal',
    country: 'País',
    countryHelp: 'Código de dos letras, p. ej. ES',
    role: 'Cargo',
  },
  kinds: { shipping: 'Envío', billing: 'Facturación' },
  list: {
    allGroups: 'Todos los grupos',
    noGroup: 'Sin grupo',
    actions: 'Acciones',
  },
  form: {
    editTitle: 'Editar {{name}}',
  },
  show: {
    addresses: 'Direcciones',
    noAddresses: 'Aún no hay direcciones',
    contacts: 'Contactos',
    noContacts: 'Aún no hay contactos',
    default: 'Predeterminada',
    addressN: 'Dirección {{n}}',
  },
  address: { createTitle: 'Nueva dirección', editTitle: 'Editar dirección' },
  contact: { createTitle: 'Nuevo contacto', editTitle: 'Editar contacto' },
  notices: {
    addressSaved: 'Dirección guardada',
    addressDeleted: 'Dirección eliminada',
    contactSaved: 'Contacto {{name}} guardado',
    contactDeleted: 'Contacto {{name}} eliminado',
  },
  errors: {
    saveAddress: 'No se pudo guardar la dirección',
    deleteAddress: 'No se pudo eliminar la dirección',
    saveContact: 'No se pudo guardar el contacto',
    deleteContact: 'No se pudo eliminar el contacto',
  },
};

export const partyStrings: FeatureStrings = { en, es };

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One language: the party strings with the feature's own on top, section by section (the feature's win). */
function merge(base: Table, own: Table): Table {
  const out: Table = { ...base };
  for (const [key, value] of Object.entries(own)) {
    const under = out[key];
    out[key] = isTable(under) && isTable(value) ? merge(under, value) : value;
  }
  return out;
}

/** A party feature's namespace: the shared party strings, then its own. */
export function withPartyStrings(own: FeatureStrings): FeatureStrings {
  return { en: merge(partyStrings.en, own.en), es: merge(partyStrings.es, own.es) };
}

/**
 * Spanish for the English messages both parties' schemas share (addresses, contacts, e-mail, phone), by exact
 * text; each feature adds its own (useMessageTextWith falls back to the shared validation table).
 */
export const PARTY_MESSAGES_ES: Readonly<Record<string, string>> = {
  'The email must be a valid email address': 'El correo electrónico debe ser una dirección válida',
  'The phone must be a valid phone number': 'El teléfono debe ser un número de teléfono válido',
  'The zip must be a valid postal code': 'El código postal no es válido',
  'The country must be a two-letter ISO code': 'El país debe ser un código ISO de dos letras',
  'The name is required': 'El nombre es obligatorio',
  'At most 100 characters': 'Como máximo 100 caracteres',
  'At most 200 characters': 'Como máximo 200 caracteres',
  'At most 5000 characters': 'Como máximo 5000 caracteres',
  'The value contains an invalid character': 'El valor contiene un carácter no válido',
};
