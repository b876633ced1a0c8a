import type { FieldValues, Path, UseFormRegister, UseFormSetError } from 'react-hook-form';
import { HttpError } from '../api/http';

/** react-hook-form's register() for MUI inputs: the ref must reach the <input>, not the wrapper. */
export function muiRegister<T extends FieldValues>(register: UseFormRegister<T>, name: Path<T>) {
  const { ref, ...rest } = register(name);
  return { ...rest, inputRef: ref };
}

/** Copies a 422's field errors onto the form; returns true when at least one field matched. */
export function applyServerErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  if (!(error instanceof HttpError) || error.status !== 422) return false;
  let matched = false;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message });
      matched = true;
    }
  }
  return matched;
}
