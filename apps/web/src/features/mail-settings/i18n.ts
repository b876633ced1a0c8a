import type { FeatureStrings } from '../../shared/routing/screen-map';

const en = {
  title: 'Mail configuration',
  subtitle: 'Purchase orders reach your suppliers from your own mail server',
  notConfigured: 'No mail server is set up: purchase orders go out through Omnio’s mailer in your company’s name.',
  server: 'Outgoing mail server',
  formLabel: 'Mail configuration',
  fields: {
    from_email: 'From e-mail', from_name: 'From name', incoming_server: 'Incoming server', outgoing_server: 'Outgoing server',
    encryption: 'Encryption', host: 'SMTP host', port: 'Port', username: 'Username', password: 'Password',
  },
  encryptions: { none: 'None', ssl: 'SSL', tls: 'TLS', starttls: 'STARTTLS' },
  passwordStored: 'A password is stored. Leave this blank to keep it.',
  passwordHint: 'Never shown again once saved',
  save: 'Save',
  saved: 'Mail configuration saved',
  delete: 'Delete configuration',
  deleted: 'Mail configuration deleted',
  deleteTitle: 'Delete the mail configuration?',
  deleteMessage: 'Purchase orders will go out through Omnio’s mailer again.',
  validation: { required: 'Required', port: 'A port from 1 to 65535', email: 'Must be a valid e-mail address' },
  errors: {
    load: 'Could not load the mail configuration', save: 'Could not save the mail configuration', delete: 'Could not delete it',
    test: 'Could not run the test',
  },
  test: {
    title: 'Send a test',
    help: 'Sends one message through the saved configuration now. Blank: to you ({{email}}).',
    to: 'Send to',
    send: 'Send test',
    ok: 'The test message was accepted by your mail server.',
    failed: 'Your mail server refused the test',
    lastOk: 'Last test {{date}}: sent',
    lastFailed: 'Last test {{date}} failed: {{error}}',
  },
};

const es: typeof en = {
  title: 'Configuración de correo',
  subtitle: 'Las órdenes de compra llegan a sus proveedores desde su propio servidor de correo',
  notConfigured: 'No hay servidor de correo configurado: las órdenes de compra salen por el correo de Omnio a nombre de su empresa.',
  server: 'Servidor de correo saliente',
  formLabel: 'Configuración de correo',
  fields: {
    from_email: 'Correo del remitente', from_name: 'Nombre del remitente', incoming_server: 'Servidor entrante', outgoing_server: 'Servidor saliente',
    encryption: 'Cifrado', host: 'Servidor SMTP', port: 'Puerto', username: 'Usuario', password: 'Contraseña',
  },
  encryptions: { none: 'Ninguno', ssl: 'SSL', tls: 'TLS', starttls: 'STARTTLS' },
  passwordStored: 'Hay una contraseña guardada. Déjelo en blanco para conservarla.',
  passwordHint: 'No se vuelve a mostrar una vez guardada',
  save: 'Guardar',
  saved: 'Configuración de correo guardada',
  delete: 'Eliminar configuración',
  deleted: 'Configuración de correo eliminada',
  deleteTitle: '¿Eliminar la configuración de correo?',
  deleteMessage: 'Las órdenes de compra volverán a salir por el correo de Omnio.',
  validation: { required: 'Obligatorio', port: 'Un puerto de 1 a 65535', email: 'Debe ser una dirección de correo válida' },
  errors: {
    load: 'No se pudo cargar la configuración de correo', save: 'No se pudo guardar la configuración de correo', delete: 'No se pudo eliminar',
    test: 'No se pudo hacer la prueba',
  },
  test: {
    title: 'Enviar una prueba',
    help: 'Envía ahora un mensaje con la configuración guardada. En blanco: a usted ({{email}}).',
    to: 'Enviar a',
    send: 'Enviar prueba',
    ok: 'Su servidor de correo aceptó el mensaje de prueba.',
    failed: 'Su servidor de correo rechazó la prueba',
    lastOk: 'Última prueba {{date}}: enviada',
    lastFailed: 'Última prueba {{date}} falló: {{error}}',
  },
};

export const mailSettingsStrings: FeatureStrings = { en, es };
