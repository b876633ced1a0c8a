/**
 * Spanish for the English messages of the catalog and inventory schemas in @omnio/domain (the server
 * answers 422s with the same texts), by exact text, like shared/i18n/validation-messages.ts does for
 * the platform schemas.
 */
const DIMENSIONS = { length: 'largo', width: 'ancho', height: 'alto' } as const;

export const DOMAIN_MESSAGES_ES: Record<string, string> = {
  'The SKU is required': 'El SKU es obligatorio',
  'The sku is required': 'El SKU es obligatorio',
  'The SKU may not be longer than 64 characters': 'El SKU no puede tener más de 64 caracteres',
  'The SKU cannot contain single quotes': 'El SKU no puede contener comillas simples',
  'The SKU cannot contain spaces': 'El SKU no puede contener espacios',
  'The name may not be longer than 200 characters': 'El nombre no puede tener más de 200 caracteres',
  'The price must be a number ≥ 0 with at most 4 decimals and 10 digits before the point':
    'El precio debe ser un número ≥ 0 con como máximo 4 decimales y 10 dígitos antes del punto',
  'The value must be a number ≥ 0 with at most 3 decimals and 9 digits before the point':
    'El valor debe ser un número ≥ 0 con como máximo 3 decimales y 9 dígitos antes del punto',
  'The value must be a number ≥ 0 with at most 3 decimals and 11 digits before the point':
    'El valor debe ser un número ≥ 0 con como máximo 3 decimales y 11 dígitos antes del punto',
  'The value must be greater than 0': 'El valor debe ser mayor que 0',
  'The pack quantity must be a whole number': 'La cantidad del paquete debe ser un número entero',
  'A pack holds at least 2 units': 'Un paquete contiene al menos 2 unidades',
  'A pack cannot be made of itself': 'Un paquete no puede estar hecho de sí mismo',
  'A PACK needs pack_of {sku, quantity}': 'Un paquete necesita el SKU que contiene y su cantidad',
  'Each price code may appear once': 'Cada código de precio puede aparecer una sola vez',
  'The alias is repeated': 'El alias está repetido',
  'The SKU is repeated': 'El SKU está repetido',
  'The SKU is repeated in this product': 'El SKU está repetido en este producto',
  'A product needs at least one SKU': 'Un producto necesita al menos un SKU',
  'A synset needs at least 2 SKUs': 'Un synset necesita al menos 2 SKU',
  'The box weight cannot exceed the max weight': 'El peso de la caja no puede superar el peso máximo',
  'The value is repeated': 'El valor está repetido',
  'Must be a valid id': 'Debe ser un identificador válido',
  'Quantities are whole numbers': 'Las cantidades son números enteros',
  'The delta cannot be zero': 'El cambio no puede ser cero',
  'The quantity cannot be negative': 'La cantidad no puede ser negativa',
  'Insufficient stock': 'Existencias insuficientes',
  ...Object.fromEntries(
    Object.entries(DIMENSIONS).map(([en, es]) => [
      `The inner ${en} cannot exceed the outer ${en}`,
      `El ${es} interior no puede superar el ${es} exterior`,
    ]),
  ),
};
