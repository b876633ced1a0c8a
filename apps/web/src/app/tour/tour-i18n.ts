import type { FeatureStrings } from '../../shared/routing/screen-map';

const en = {
  label: 'Welcome tour',
  progress: 'Step {{step}} of {{count}}',
  skip: 'Skip tour',
  back: 'Back',
  next: 'Next',
  done: 'Done',
  again: 'Take the tour',
  steps: {
    sidebar: { title: 'Your workspace', body: 'Orders, inventory, purchasing, rules and settings are in this menu. It shows what your permissions open.' },
    search: { title: 'Find anything', body: 'Type an order number, a SKU, a customer, a PO or a tracking number here to jump straight to it.' },
    bell: { title: 'Notifications', body: 'Imports, reports and alerts arrive here when they finish. Choose which ones also come by e-mail in Notification settings.' },
    language: { title: 'Your language', body: 'Switch between twelve languages at any time. Hebrew and Arabic read right to left.' },
    customizer: { title: 'Make it yours', body: 'Theme colour, dark mode, the sidebar and page transitions, saved to your account on every device.' },
    account: { title: 'Your account', body: 'Your profile, your activity, this tour and signing out are in this menu.' },
  },
};

const es: typeof en = {
  label: 'Recorrido de bienvenida',
  progress: 'Paso {{step}} de {{count}}',
  skip: 'Saltar recorrido',
  back: 'Atrás',
  next: 'Siguiente',
  done: 'Hecho',
  again: 'Hacer el recorrido',
  steps: {
    sidebar: { title: 'Su espacio de trabajo', body: 'Pedidos, inventario, compras, reglas y ajustes están en este menú. Muestra lo que sus permisos le abren.' },
    search: { title: 'Encuentre cualquier cosa', body: 'Escriba aquí un número de pedido, un SKU, un cliente, una OC o un número de seguimiento para ir directamente a él.' },
    bell: { title: 'Notificaciones', body: 'Las importaciones, los informes y los avisos llegan aquí cuando terminan. Elija cuáles le llegan también por correo en Ajustes de notificaciones.' },
    language: { title: 'Su idioma', body: 'Cambie entre doce idiomas cuando quiera. El hebreo y el árabe se leen de derecha a izquierda.' },
    customizer: { title: 'A su gusto', body: 'Color del tema, modo oscuro, la barra lateral y las transiciones de página, guardados en su cuenta en todos sus dispositivos.' },
    account: { title: 'Su cuenta', body: 'Su perfil, su actividad, este recorrido y el cierre de sesión están en este menú.' },
  },
};

export const tourStrings: FeatureStrings = { en, es };
