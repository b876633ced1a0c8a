import { describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/i18n';
import { translateImportMessage } from '../shared/i18n/import-messages';
import { setupI18n } from './i18n-setup';

setupI18n();
const say = (message: string, language: string) => translateImportMessage(message, i18n.getFixedT(language, 'importMessages') as never, language);

describe("the CSV imports' row errors in the reader's language (issue 24)", () => {
  it('says the known shapes in Spanish with their figures', () => {
    expect(say('The file has no rows', 'es')).toBe('El archivo no tiene filas');
    expect(say('At most 5000 rows per file', 'es')).toBe('Como máximo 5000 filas por archivo');
    expect(say('Missing columns: external_id, sku', 'es')).toBe('Faltan columnas: external_id, sku');
    expect(say('Not imported: another row of this order has errors', 'es')).toBe('No importado: otra fila de este pedido tiene errores');
    expect(say('sku: Unknown SKU ABC-1', 'es')).toBe('sku: SKU desconocido ABC-1');
    expect(say('iloc_code: Unknown iloc MAIN', 'es')).toBe('iloc_code: iLoc desconocida MAIN');
  });

  it('translates each `field: message` part like a server message, keeping the column names', () => {
    expect(say('currency: The currency must be a three-letter ISO code; lines.0.quantity: The quantity must be a number', 'es'))
      .toBe('currency: La moneda debe ser un código ISO de tres letras; lines.0.quantity: La cantidad debe ser un número');
    expect(say('Imported in error (NO_STOCK): sku: Unknown SKU X', 'es')).toBe('Importado en error (NO_STOCK): sku: SKU desconocido X');
  });

  it('leaves English as written, and an unknown message as the server wrote it', () => {
    expect(say('At most 5000 rows per file', 'en')).toBe('At most 5000 rows per file');
    expect(say('Something new happened', 'es')).toBe('Something new happened');
  });
});
