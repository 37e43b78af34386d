import type { Catalogue } from './shape';

/** Spanish ("usted"): the console's refunds, bulk work and customer emails (issue 33). */
export const esConsoleWork = {
  decisionEmailMessages: {
    subjectApproved: 'Su solicitud de permiso de estacionamiento fue aprobada',
    subjectApprovedNeedsPayment: 'Su solicitud de permiso de estacionamiento fue aprobada: pago pendiente',
    subjectRejected: 'Su solicitud de permiso de estacionamiento no fue aprobada',
    bodyApproved:
      'Su solicitud de {product} (permiso n.º {number}) fue aprobada. Es válido del {from} al {to}.',
    bodyApprovedNeedsPayment:
      'Su solicitud de {product} (permiso n.º {number}) fue aprobada. Páguela para activar el permiso.',
    bodyApprovedPayBy:
      'Su solicitud de {product} (permiso n.º {number}) fue aprobada. Páguela antes del {date} para activar el permiso.',
    bodyRejected: 'Su solicitud de {product} (permiso n.º {number}) no fue aprobada.',
    adminMessage: 'Mensaje del administrador: {message}',
  },
  refundMessages: {
    nothingLeft: 'No queda ningún pago por reembolsar.',
    tooMuch: 'Puede reembolsar como máximo {amount}: lo pagado menos lo ya reembolsado.',
    noProviderPayment:
      'El proveedor no dio un identificador para este pago: reembólselo desde el panel del proveedor.',
    providerFailed: 'El proveedor de pagos no pudo reembolsar este pago: {message}',
    refund: 'Reembolsar',
    dialogTitle: 'Reembolsar un pago',
    refundableNow: 'Reembolsable ahora: {amount} de {paid} pagados.',
    amountLabel: 'Importe a reembolsar (dólares)',
    amountHint: 'Todo lo reembolsable, salvo que lo reduzca.',
    amountInvalid: 'Escriba un importe como 12.50, mayor que cero.',
    amountTooMuch: 'Se puede reembolsar como máximo {amount}.',
    reasonLabel: 'Motivo (el cliente lo leerá)',
    reasonRequired: 'Indique por qué reembolsa.',
    passFullEffect: 'Un reembolso total cancela el permiso; uno parcial lo deja activo.',
    noticeFullEffect: 'Un reembolso total anula la multa; uno parcial la deja pagada.',
    confirm: 'Reembolsar {amount}',
    done: '{amount} reembolsados.',
    refunded: 'Reembolsado',
    emailSubject: 'Le hemos reembolsado {amount}',
    emailPassBody: 'Le hemos reembolsado {amount} de su pago por {product} (permiso n.º {number}).',
    emailNoticeBody: 'Le hemos reembolsado {amount} de su pago por la multa {number}.',
    emailReason: 'Motivo: {reason}',
    emailTiming:
      'El dinero vuelve a la tarjeta con la que pagó; su banco puede tardar unos días en mostrarlo.',
    emailPassCanceled: 'El permiso está cancelado.',
    emailNoticeVoided: 'La multa está anulada: no hay nada que pagar.',
    viewPermit: 'Ver su permiso',
    viewNotice: 'Ver la multa',
  },
} satisfies Catalogue;
