import { useTranslation } from 'react-i18next';
import { translateValidation } from './validation-messages';

type T = (key: string, options?: Record<string, unknown>) => string;

/** Whole messages by their English shape, each with the key that says it in the reader's language. */
const SHAPES: readonly [RegExp, (m: RegExpMatchArray, t: T, language: string) => string][] = [
  [/^The file is not a readable CSV: (.*)$/s, (m, t) => t('notReadable', { reason: m[1] })],
  [/^The file has no rows$/, (_m, t) => t('noRows')],
  [/^At most (\d+) rows per file$/, (m, t) => t('maxRows', { count: Number(m[1]) })],
  [/^Missing columns: (.*)$/, (m, t) => t('missingColumns', { columns: m[1] })],
  [/^external_id is required$/, (_m, t) => t('externalIdRequired')],
  [/^Not imported: another row of this order has errors$/, (_m, t) => t('otherRowFailed')],
  [/^Imported in error \(([^)]*)\): (.*)$/s, (m, t, language) => t('importedInError', { code: m[1], message: parts(m[2]!, t, language) })],
  [/^Expected (\d+) columns, found (\d+)$/, (m, t) => t('columnCount', { expected: m[1], found: m[2] })],
];

/** One message of a `field: message; field: message` list, or a plain one. */
const PARTS: readonly [RegExp, (m: RegExpMatchArray, t: T) => string][] = [
  [/^Unknown SKU (.*)$/, (m, t) => t('unknownSku', { sku: m[1] })],
  [/^Unknown iloc (.*)$/i, (m, t) => t('unknownIloc', { code: m[1] })],
  [/^Insufficient stock \(the count is below the quantity reserved\)$/, (_m, t) => t('belowReserved')],
  [/^The text contains a character that is not allowed$/, (_m, t) => t('notAllowedCharacter')],
];

function part(text: string, t: T, language: string): string {
  for (const [shape, say] of PARTS) {
    const m = text.match(shape);
    if (m) return say(m, t);
  }
  return translateValidation(text, language) ?? text;
}

/** `field: message; field: message`: the column names kept, each message translated. */
function parts(message: string, t: T, language: string): string {
  return message
    .split('; ')
    .map((piece) => {
      const field = /^([\w.[\]-]+): (.*)$/s.exec(piece);
      return field ? `${field[1]}: ${part(field[2]!, t, language)}` : part(piece, t, language);
    })
    .join('; ');
}

/** A CSV import's row error in the language of `language` (English as the server wrote it when nothing matches). */
export function translateImportMessage(message: string, t: T, language: string): string {
  for (const [shape, say] of SHAPES) {
    const m = message.match(shape);
    if (m) return say(m, t, language);
  }
  return parts(message, t, language);
}

export function useImportMessage(): (message: string) => string {
  const { t, i18n } = useTranslation('importMessages');
  return (message) => translateImportMessage(message, t as T, i18n.language);
}
