import { useTranslation } from 'react-i18next';
import { serverMessageIn } from './i18n';

/**
 * The shared zod schemas (@omnio/domain) speak English. Their messages are translated here by exact
 * text so a Spanish user never sees an English validation error from a known rule.
 */
export const VALIDATION_MESSAGES_ES: Record<string, string> = {
  'The email must be a valid email address': 'El correo electrónico debe ser una dirección válida',
  'The email may contain only letters, digits, hyphen, underscore and period':
    'El correo electrónico solo puede contener letras, dígitos, guion, guion bajo y punto',
  'The password is required': 'La contraseña es obligatoria',
  'The name is required': 'El nombre es obligatorio',
  'The name may not be longer than 120 characters': 'El nombre no puede tener más de 120 caracteres',
  'The password confirmation does not match': 'La confirmación de la contraseña no coincide',
  'The password may not be longer than 128 characters': 'La contraseña no puede tener más de 128 caracteres',
  'The password must be at least 8 characters': 'La contraseña debe tener al menos 8 caracteres',
  'The password must contain a lower-case letter': 'La contraseña debe contener una letra minúscula',
  'The password must contain an upper-case letter': 'La contraseña debe contener una letra mayúscula',
  'The password must contain a number': 'La contraseña debe contener un número',
  'The password must contain a special character': 'La contraseña debe contener un carácter especial',
  'The password may not contain spaces': 'La contraseña no puede contener espacios',
  'The password may not contain < > & " or \'': 'La contraseña no puede contener < > & " ni \'',
  'The link has expired or has already been used': 'El enlace ha caducado o ya se ha utilizado',
  'The subdomain may contain only lower-case letters, digits and hyphens':
    'El subdominio solo puede contener letras minúsculas, dígitos y guiones',
  'The country must be a two-letter ISO code': 'El país debe ser un código ISO de dos letras',
  'The code may contain only letters, digits, hyphen and underscore':
    'El código solo puede contener letras, dígitos, guion y guion bajo',
};

export function translateValidation(message: string | undefined, language: string): string | undefined {
  if (!message) return message;
  if (language.startsWith('es')) return VALIDATION_MESSAGES_ES[message] ?? serverMessageIn('es', message) ?? message;
  return serverMessageIn(language, message) ?? message;
}

export function useValidationMessage(): (message: string | undefined) => string | undefined {
  const { i18n } = useTranslation();
  return (message) => translateValidation(message, i18n.language);
}
