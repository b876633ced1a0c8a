import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isHttpError } from '../../shared/api/http';
import { formFieldOf } from './template-text';

/**
 * Puts a 422's field errors on a template form whose JSON lives in one text box: `nodes.1.next` lands on
 * `nodes` as "1.next: <message>". Returns the messages no field could take (for the banner), or null when
 * the error was not a 422 at all.
 */
export function applyTemplateErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  translate: (message: string) => string,
): string[] | null {
  if (!isHttpError(error, 422)) return null;
  const left: string[] = [];
  const done = new Set<string>();
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const text = messages[0];
    if (!text) continue;
    const at = formFieldOf(key, fields);
    if (!at) left.push(text);
    else if (!done.has(at.field)) {
      done.add(at.field);
      setError(at.field, { type: 'server', message: at.inner ? `${at.inner}: ${translate(text)}` : translate(text) });
    }
  }
  return left;
}
