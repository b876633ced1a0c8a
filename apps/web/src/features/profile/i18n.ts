import type { FeatureStrings } from '../../shared/routing/screen-map';

const en = {
  title: 'My profile',
  details: 'Personal details',
  noCompany: 'No company',
  fields: { name: 'Name', email: 'Email', language: 'Language', roles: 'Roles', company: 'Company' },
  languages: { en: 'English', sp: 'Spanish' },
  roles: { owner: 'Administrator', tenant: 'Company user', supplier: 'Supplier' },
  actions: { save: 'Save changes' },
  password: {
    title: 'Password',
    explain: 'To change your password we email a secure link to {{email}}. Open it and choose the new password.',
    send: 'Email me a password link',
    sent: 'Check {{email}}: the link to choose a new password is on its way.',
    failed: 'Could not send the password link',
  },
  notices: { saved: 'Profile saved' },
  errors: { update: 'Could not update the profile' },
};

const es: typeof en = {
  title: 'Mi perfil',
  details: 'Datos personales',
  noCompany: 'Sin empresa',
  fields: { name: 'Nombre', email: 'Correo electrónico', language: 'Idioma', roles: 'Roles', company: 'Empresa' },
  languages: { en: 'Inglés', sp: 'Español' },
  roles: { owner: 'Administrador', tenant: 'Usuario de empresa', supplier: 'Proveedor' },
  actions: { save: 'Guardar cambios' },
  password: {
    title: 'Contraseña',
    explain: 'Para cambiar su contraseña enviamos un enlace seguro a {{email}}. Ábralo y elija la nueva contraseña.',
    send: 'Enviarme un enlace de contraseña',
    sent: 'Revise {{email}}: el enlace para elegir una nueva contraseña va en camino.',
    failed: 'No se pudo enviar el enlace de contraseña',
  },
  notices: { saved: 'Perfil guardado' },
  errors: { update: 'No se pudo actualizar el perfil' },
};

export const profileStrings: FeatureStrings = { en, es };
