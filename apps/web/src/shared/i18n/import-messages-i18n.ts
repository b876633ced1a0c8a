/**
 * The CSV imports' row errors, which the server writes in English (orders, products, inventory): the known ones
 * in the reader's language. A `field: message` part keeps its field name (a column of the file) and has its
 * message translated like any server message.
 */
const en = {
  notReadable: 'The file is not a readable CSV: {{reason}}',
  noRows: 'The file has no rows',
  maxRows: 'At most {{count}} rows per file',
  missingColumns: 'Missing columns: {{columns}}',
  externalIdRequired: 'external_id is required',
  otherRowFailed: 'Not imported: another row of this order has errors',
  importedInError: 'Imported in error ({{code}}): {{message}}',
  columnCount: 'Expected {{expected}} columns, found {{found}}',
  unknownSku: 'Unknown SKU {{sku}}',
  unknownIloc: 'Unknown iLoc {{code}}',
  belowReserved: 'Insufficient stock (the count is below the quantity reserved)',
  notAllowedCharacter: 'The text contains a character that is not allowed',
};

const es: typeof en = {
  notReadable: 'El archivo no es un CSV legible: {{reason}}',
  noRows: 'El archivo no tiene filas',
  maxRows: 'Como máximo {{count}} filas por archivo',
  missingColumns: 'Faltan columnas: {{columns}}',
  externalIdRequired: 'external_id es obligatorio',
  otherRowFailed: 'No importado: otra fila de este pedido tiene errores',
  importedInError: 'Importado en error ({{code}}): {{message}}',
  columnCount: 'Se esperaban {{expected}} columnas y hay {{found}}',
  unknownSku: 'SKU desconocido {{sku}}',
  unknownIloc: 'iLoc desconocida {{code}}',
  belowReserved: 'Existencias insuficientes (el recuento es menor que la cantidad reservada)',
  notAllowedCharacter: 'El texto contiene un carácter no permitido',
};

export const importMessagesStrings = { en, es };
