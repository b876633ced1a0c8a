import type { FeatureStrings } from '../../shared/routing/screen-map';

const en = {
  list: {
    title: 'Purchase orders',
    subtitle: 'What you buy from your suppliers, newest first',
    search: 'Search number or supplier',
    all: 'All',
    allSuppliers: 'All suppliers',
    tabsLabel: 'Purchase orders by status',
    gridLabel: 'Purchase orders',
    empty: 'No purchase orders yet',
    noMatches: 'No purchase orders match these filters',
  },
  portal: {
    title: 'My purchase orders',
    subtitle: 'Purchase orders your customer sent you',
    empty: 'No purchase orders have been sent to you yet',
  },
  status: {
    draft: 'Draft', open: 'Open', sent: 'Sent', partially_confirmed: 'Partially confirmed', confirmed: 'Confirmed', completed: 'Completed',
    cancelled: 'Cancelled', error: 'Error',
  },
  shipmentStatus: {
    draft: 'Draft', awaiting_shipment: 'Awaiting shipment', in_transit: 'In transit', arrived: 'Arrived', processing: 'Processing',
    discrepancy: 'Discrepancy', complete: 'Complete', routing: 'Routing', cancelled: 'Cancelled', error: 'Error',
  },
  skuStatus: { active: 'Active', discontinued: 'Discontinued', removed: 'Removed' },
  fields: {
    number: 'Number', status: 'Status', supplier: 'Supplier', iloc: 'iLoc', shipTo: 'Ship to (iLoc)', estimatedDelivery: 'Estimated delivery',
    received: 'Received', total: 'Total', createdAt: 'Created', shippingCost: 'Shipping cost', currency: 'Currency', paymentTerms: 'Payment terms',
    notesToSupplier: 'Notes to supplier', notesToWarehouse: 'Notes to warehouse', subtotal: 'Subtotal', taxTotal: 'Taxes', createdBy: 'Created by',
    confirmed_at: 'Confirmed', sent_at: 'Sent', acknowledged_at: 'Acknowledged by supplier', completed_at: 'Completed', cancelled_at: 'Cancelled',
  },
  actions: {
    new: 'New purchase order', bySkus: 'By SKUs', cancel: 'Cancel', saveChanges: 'Save changes', saveDraft: 'Save draft', back: 'Back',
    backToList: 'Back to purchase orders', pdf: 'PDF',
  },
  form: {
    createTitle: 'New purchase order', editTitle: 'Edit purchase order {{number}}', createLabel: 'New purchase order',
    editLabel: 'Edit purchase order {{number}}', header: 'Supplier and delivery', lines: 'Lines', notes: 'Notes', totals: 'Totals',
    addLine: 'Add SKU', lineN: 'Line {{n}}', lineTotal: 'Line total', removeLine: 'Remove line {{n}}', searching: 'Searching…',
    noSkus: 'No SKU starts with that', supplierCost: "Supplier's cost", sameAsCost: 'Same as unit cost', loading: 'Loading…',
    chooseSupplier: 'Choose a supplier', chooseIloc: 'Choose an iLoc', notesToSupplierHint: 'Printed on the PDF the supplier receives',
    notesToWarehouseHint: 'For your receiving team only; the supplier never sees it',
    notEditable: 'A purchase order can be edited while it is a draft, open or in error; this one is {{status}}.',
  },
  lines: {
    sku: 'SKU', quantity: 'Quantity', unitCost: 'Unit cost', netPrice: 'Net price', tax: 'Tax', total: 'Total', confirmed: 'Confirmed',
    shipped: 'Shipped', received: 'Received', supplierSku: "supplier's SKU",
  },
  validation: {
    cost: 'A number ≥ 0 with at most 4 decimals', amount: 'A number ≥ 0 with at most 2 decimals', skuRequired: 'Enter a SKU',
    skuInvalid: 'A SKU has no spaces or single quotes and at most 64 characters', quantity: 'A whole number greater than 0',
    supplierRequired: 'Choose a supplier', ilocRequired: 'Choose where the goods go', currency: 'A three-letter code such as USD',
    tooLong: 'Too long', linesRequired: 'A purchase order needs at least one SKU', confirmedQuantity: 'A whole number, 0 or more',
  },
  errors: {
    load: 'Could not load the purchase orders', loadOne: 'Could not load the purchase order', create: 'Could not create the purchase order',
    update: 'Could not save the purchase order', suppliers: 'Could not load the suppliers', action: 'Could not {{action}}',
    pdf: 'Could not download the PDF', history: 'Could not load the history', acknowledge: 'Could not send the confirmation',
    suggestions: 'Could not load the suggestions',
  },
  notices: {
    created: 'Purchase order {{number}} saved as a draft',
    saved: 'Purchase order {{number}} saved',
    mailed: { submit: 'Purchase order {{number}} submitted: e-mail sent to {{email}}', email: 'Purchase order {{number}} e-mailed again to {{email}}' },
    mailedNoAddress: {
      submit: 'Purchase order {{number}} submitted; the supplier has no e-mail address, so nothing was mailed',
      email: 'The supplier of {{number}} has no e-mail address',
    },
    done: { confirm: 'Purchase order {{number}} confirmed', complete: 'Purchase order {{number}} completed', cancel: 'Purchase order {{number}} cancelled' },
    acknowledged: 'Confirmation of {{number}} sent: {{status}}',
  },
  detail: {
    title: 'Purchase order {{number}}', subtitle: '{{supplier}} → {{iloc}} · created {{date}}', notFound: 'This purchase order does not exist.',
    actionsLabel: 'Purchase order actions', blockedTitle: 'Confirm and submit are blocked',
    blockedLine: { discontinued: '{{sku}} is discontinued.', removed: '{{sku}} was removed from the catalog.' },
    lines: 'Lines', info: 'Details', tabsLabel: 'Purchase order sections', overview: 'Overview', shipmentsTab: 'Shipments ({{count}})',
    history: 'History',
  },
  lifecycle: {
    edit: 'Edit', confirm: 'Confirm', submit: 'Submit to supplier', acknowledge: 'Record confirmation', ship: 'Create ASN', email: 'E-mail again',
    complete: 'Complete', cancel: 'Cancel purchase order',
  },
  confirm: {
    cancel: { title: 'Cancel purchase order {{number}}?', message: 'The supplier is no longer expected to ship it. This cannot be undone.' },
    complete: { title: 'Complete purchase order {{number}}?', message: 'Nothing more is expected on it, even if some units have not arrived.' },
  },
  history: {
    caption: 'History', empty: 'Nothing has happened yet', when: 'When', who: 'Who', action: 'Action', change: 'Status', detail: 'Detail',
    system: 'System', to: 'to {{to}}', automatic: 'Automatically, when every unit arrived',
    actions: {
      create: 'Created', created: 'Created', edit: 'Edited', update: 'Edited', updated: 'Edited', confirm: 'Confirmed', submit: 'Submitted', email: 'E-mail requested',
      emailed: 'E-mailed', email_failed: 'E-mail failed', acknowledge: 'Confirmed by supplier', complete: 'Completed', cancel: 'Cancelled',
      receive: 'Received',
    },
  },
  shipments: {
    caption: 'Shipments (ASN)', empty: 'No shipments yet', asn: 'ASN', carrier: 'Carrier', tracking: 'Tracking', shipDate: 'Ship date',
    expected: 'Expected', received: 'Received', discrepancy: 'Discrepancy', receive: 'Receive', receiveAsn: 'Receive ASN {{asn}}', open: 'Open',
    openAsn: 'Open ASN {{asn}}',
  },
  ack: {
    title: 'Confirm quantities and dates', help: 'Tell the buyer how many units of each line you will ship and when. Fewer than ordered is fine.',
    lineLabel: 'Line {{sku}}', ordered_one: '{{count}} unit ordered', ordered_other: '{{count}} units ordered', quantity: 'Confirmed quantity',
    date: 'Ship date', submit: 'Send confirmation',
  },
  bySkus: {
    title: 'Purchase orders by SKUs', subtitle: 'Suggested quantities from sales velocity, stock and lead time; one purchase order per supplier',
    settings: 'Suggestion settings', windowDays: 'Sales window (days)', windowHint: 'Velocity = units sold ÷ days', coverDays: 'Cover (days)',
    coverHint: 'Stock to hold beyond the lead time', search: 'SKU code or name', onlyNeeded: 'Only SKUs that need ordering',
    chooseIloc: 'Choose an iLoc to see what it needs', nothingNeeded: 'Nothing needs ordering for this iLoc. Clear "Only SKUs that need ordering" to order anyway.',
    noSkus: 'No SKUs match', caption_one: '{{count}} SKU, {{selected}} selected', caption_other: '{{count}} SKUs, {{selected}} selected',
    selectAll: 'Select every SKU', selectRow: 'Select {{sku}}', sold: 'Sold', velocity: 'Units/day', onHand: 'On hand', inTransit: 'In transit',
    onOrder: 'On order', leadTime: 'Lead time (days)', suggested: 'Suggested', quantityFor: 'Quantity for {{sku}}', supplierFor: 'Supplier for {{sku}}',
    noSupplier: 'No supplier', fixRows: 'Some selected rows need a quantity or a supplier.', nothingSelected: 'Select at least one SKU.',
    create: 'Create purchase orders', created_one: '{{count}} purchase order created', created_other: '{{count}} purchase orders created',
    createdTitle_one: '{{count}} purchase order created', createdTitle_other: '{{count}} purchase orders created', createdList: 'Created purchase orders',
    createdLine: '{{lines}} lines · {{units}} units · {{total}}', again: 'Make more',
  },
};

const es: typeof en = {
  list: {
    title: 'Órdenes de compra',
    subtitle: 'Lo que compra a sus proveedores, las más recientes primero',
    search: 'Buscar número o proveedor',
    all: 'Todas',
    allSuppliers: 'Todos los proveedores',
    tabsLabel: 'Órdenes de compra por estado',
    gridLabel: 'Órdenes de compra',
    empty: 'Aún no hay órdenes de compra',
    noMatches: 'Ninguna orden de compra coincide con estos filtros',
  },
  portal: {
    title: 'Mis órdenes de compra',
    subtitle: 'Órdenes de compra que su cliente le envió',
    empty: 'Aún no le han enviado órdenes de compra',
  },
  status: {
    draft: 'Borrador', open: 'Abierta', sent: 'Enviada', partially_confirmed: 'Confirmada en parte', confirmed: 'Confirmada', completed: 'Completada',
    cancelled: 'Cancelada', error: 'Error',
  },
  shipmentStatus: {
    draft: 'Borrador', awaiting_shipment: 'Esperando envío', in_transit: 'En tránsito', arrived: 'Llegó', processing: 'En proceso',
    discrepancy: 'Discrepancia', complete: 'Completo', routing: 'En ruta', cancelled: 'Cancelado', error: 'Error',
  },
  skuStatus: { active: 'Activo', discontinued: 'Descontinuado', removed: 'Eliminado' },
  fields: {
    number: 'Número', status: 'Estado', supplier: 'Proveedor', iloc: 'iLoc', shipTo: 'Enviar a (iLoc)', estimatedDelivery: 'Entrega estimada',
    received: 'Recibido', total: 'Total', createdAt: 'Creada', shippingCost: 'Costo de envío', currency: 'Moneda', paymentTerms: 'Condiciones de pago',
    notesToSupplier: 'Notas para el proveedor', notesToWarehouse: 'Notas para el almacén', subtotal: 'Subtotal', taxTotal: 'Impuestos', createdBy: 'Creada por',
    confirmed_at: 'Confirmada', sent_at: 'Enviada', acknowledged_at: 'Confirmada por el proveedor', completed_at: 'Completada', cancelled_at: 'Cancelada',
  },
  actions: {
    new: 'Nueva orden de compra', bySkus: 'Por SKU', cancel: 'Cancelar', saveChanges: 'Guardar cambios', saveDraft: 'Guardar borrador', back: 'Volver',
    backToList: 'Volver a órdenes de compra', pdf: 'PDF',
  },
  form: {
    createTitle: 'Nueva orden de compra', editTitle: 'Editar orden de compra {{number}}', createLabel: 'Nueva orden de compra',
    editLabel: 'Editar orden de compra {{number}}', header: 'Proveedor y entrega', lines: 'Líneas', notes: 'Notas', totals: 'Totales',
    addLine: 'Agregar SKU', lineN: 'Línea {{n}}', lineTotal: 'Total de la línea', removeLine: 'Quitar la línea {{n}}', searching: 'Buscando…',
    noSkus: 'Ningún SKU empieza así', supplierCost: 'Costo del proveedor', sameAsCost: 'Igual al costo unitario', loading: 'Cargando…',
    chooseSupplier: 'Elija un proveedor', chooseIloc: 'Elija un iLoc', notesToSupplierHint: 'Se imprime en el PDF que recibe el proveedor',
    notesToWarehouseHint: 'Solo para su equipo de recepción; el proveedor nunca lo ve',
    notEditable: 'Una orden de compra se puede editar en borrador, abierta o con error; esta está {{status}}.',
  },
  lines: {
    sku: 'SKU', quantity: 'Cantidad', unitCost: 'Costo unitario', netPrice: 'Precio neto', tax: 'Impuesto', total: 'Total', confirmed: 'Confirmado',
    shipped: 'Enviado', received: 'Recibido', supplierSku: 'SKU del proveedor',
  },
  validation: {
    cost: 'Un número ≥ 0 con como máximo 4 decimales', amount: 'Un número ≥ 0 con como máximo 2 decimales', skuRequired: 'Escriba un SKU',
    skuInvalid: 'Un SKU no lleva espacios ni comillas simples y tiene como máximo 64 caracteres', quantity: 'Un número entero mayor que 0',
    supplierRequired: 'Elija un proveedor', ilocRequired: 'Elija a dónde va la mercancía', currency: 'Un código de tres letras como USD',
    tooLong: 'Demasiado largo', linesRequired: 'Una orden de compra necesita al menos un SKU', confirmedQuantity: 'Un número entero, 0 o más',
  },
  errors: {
    load: 'No se pudieron cargar las órdenes de compra', loadOne: 'No se pudo cargar la orden de compra', create: 'No se pudo crear la orden de compra',
    update: 'No se pudo guardar la orden de compra', suppliers: 'No se pudieron cargar los proveedores', action: 'No se pudo {{action}}',
    pdf: 'No se pudo descargar el PDF', history: 'No se pudo cargar el historial', acknowledge: 'No se pudo enviar la confirmación',
    suggestions: 'No se pudieron cargar las sugerencias',
  },
  notices: {
    created: 'Orden de compra {{number}} guardada como borrador',
    saved: 'Orden de compra {{number}} guardada',
    mailed: { submit: 'Orden de compra {{number}} enviada: correo enviado a {{email}}', email: 'Orden de compra {{number}} enviada de nuevo a {{email}}' },
    mailedNoAddress: {
      submit: 'Orden de compra {{number}} enviada; el proveedor no tiene correo, así que no se envió nada',
      email: 'El proveedor de {{number}} no tiene correo',
    },
    done: { confirm: 'Orden de compra {{number}} confirmada', complete: 'Orden de compra {{number}} completada', cancel: 'Orden de compra {{number}} cancelada' },
    acknowledged: 'Confirmación de {{number}} enviada: {{status}}',
  },
  detail: {
    title: 'Orden de compra {{number}}', subtitle: '{{supplier}} → {{iloc}} · creada {{date}}', notFound: 'Esta orden de compra no existe.',
    actionsLabel: 'Acciones de la orden de compra', blockedTitle: 'Confirmar y enviar están bloqueados',
    blockedLine: { discontinued: '{{sku}} está descontinuado.', removed: '{{sku}} se eliminó del catálogo.' },
    lines: 'Líneas', info: 'Detalles', tabsLabel: 'Secciones de la orden de compra', overview: 'Resumen', shipmentsTab: 'Envíos ({{count}})',
    history: 'Historial',
  },
  lifecycle: {
    edit: 'Editar', confirm: 'Confirmar', submit: 'Enviar al proveedor', acknowledge: 'Registrar confirmación', ship: 'Crear ASN', email: 'Enviar correo de nuevo',
    complete: 'Completar', cancel: 'Cancelar orden de compra',
  },
  confirm: {
    cancel: { title: '¿Cancelar la orden de compra {{number}}?', message: 'El proveedor ya no debe enviarla. No se puede deshacer.' },
    complete: { title: '¿Completar la orden de compra {{number}}?', message: 'No se espera nada más de ella, aunque falten unidades.' },
  },
  history: {
    caption: 'Historial', empty: 'Aún no ha pasado nada', when: 'Cuándo', who: 'Quién', action: 'Acción', change: 'Estado', detail: 'Detalle',
    system: 'Sistema', to: 'a {{to}}', automatic: 'Automáticamente, al llegar todas las unidades',
    actions: {
      create: 'Creada', created: 'Creada', edit: 'Editada', update: 'Editada', updated: 'Editada', confirm: 'Confirmada', submit: 'Enviada', email: 'Correo solicitado',
      emailed: 'Correo enviado', email_failed: 'Falló el correo', acknowledge: 'Confirmada por el proveedor', complete: 'Completada', cancel: 'Cancelada',
      receive: 'Recibida',
    },
  },
  shipments: {
    caption: 'Envíos (ASN)', empty: 'Aún no hay envíos', asn: 'ASN', carrier: 'Transportista', tracking: 'Rastreo', shipDate: 'Fecha de envío',
    expected: 'Esperado', received: 'Recibido', discrepancy: 'Discrepancia', receive: 'Recibir', receiveAsn: 'Recibir ASN {{asn}}', open: 'Abrir',
    openAsn: 'Abrir ASN {{asn}}',
  },
  ack: {
    title: 'Confirmar cantidades y fechas', help: 'Indique al comprador cuántas unidades de cada línea enviará y cuándo. Menos de lo pedido está bien.',
    lineLabel: 'Línea {{sku}}', ordered_one: '{{count}} unidad pedida', ordered_other: '{{count}} unidades pedidas', quantity: 'Cantidad confirmada',
    date: 'Fecha de envío', submit: 'Enviar confirmación',
  },
  bySkus: {
    title: 'Órdenes de compra por SKU', subtitle: 'Cantidades sugeridas según ventas, existencias y plazo de entrega; una orden por proveedor',
    settings: 'Ajustes de la sugerencia', windowDays: 'Ventana de ventas (días)', windowHint: 'Velocidad = unidades vendidas ÷ días', coverDays: 'Cobertura (días)',
    coverHint: 'Existencias a mantener además del plazo', search: 'Código o nombre del SKU', onlyNeeded: 'Solo SKU que hay que pedir',
    chooseIloc: 'Elija un iLoc para ver lo que necesita', nothingNeeded: 'No hace falta pedir nada para este iLoc. Quite "Solo SKU que hay que pedir" para pedir igualmente.',
    noSkus: 'Ningún SKU coincide', caption_one: '{{count}} SKU, {{selected}} elegidos', caption_other: '{{count}} SKU, {{selected}} elegidos',
    selectAll: 'Elegir todos los SKU', selectRow: 'Elegir {{sku}}', sold: 'Vendido', velocity: 'Unidades/día', onHand: 'Disponible', inTransit: 'En tránsito',
    onOrder: 'Pedido', leadTime: 'Plazo (días)', suggested: 'Sugerido', quantityFor: 'Cantidad de {{sku}}', supplierFor: 'Proveedor de {{sku}}',
    noSupplier: 'Sin proveedor', fixRows: 'Algunas filas elegidas necesitan cantidad o proveedor.', nothingSelected: 'Elija al menos un SKU.',
    create: 'Crear órdenes de compra', created_one: '{{count}} orden de compra creada', created_other: '{{count}} órdenes de compra creadas',
    createdTitle_one: '{{count}} orden de compra creada', createdTitle_other: '{{count}} órdenes de compra creadas', createdList: 'Órdenes de compra creadas',
    createdLine: '{{lines}} líneas · {{units}} unidades · {{total}}', again: 'Crear más',
  },
};

export const purchaseOrdersStrings: FeatureStrings = { en, es };
