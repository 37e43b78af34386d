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
  bulkWorkMessages: {
    alreadyCanceled: 'Este permiso ya está cancelado.',
    notCancelable: 'Este permiso ya no se puede cancelar.',
    voidAction: 'Anular',
    voidTitle: '{count, plural, one {¿Anular el aviso?} other {¿Anular {count} avisos?}}',
    voidBody:
      '{count, plural, one {Se anulará el aviso} other {Se anularán {count} avisos}}: no se debe nada y ya no se pueden pagar. Los avisos pagados o ya anulados quedan como están.',
    voidReason: 'Motivo (se guarda en el registro de auditoría)',
    voidReasonRequired: 'Indique por qué se anulan los avisos.',
    voidConfirm: 'Anular ({count})',
    cancelAction: 'Cancelar permisos',
    cancelTitle: '{count, plural, one {¿Cancelar el permiso?} other {¿Cancelar {count} permisos?}}',
    cancelBody:
      '{count, plural, one {Se cancelará el permiso} other {Se cancelarán {count} permisos}} sin reembolso: dejan de contar y de renovarse, y cada titular recibe un correo.',
    cancelConfirm: 'Cancelar ({count})',
    revokeAction: 'Revocar',
    revokeTitle:
      '{count, plural, one {¿Revocar el código de acceso?} other {¿Revocar {count} códigos de acceso?}}',
    revokeBody:
      '{count, plural, one {Se revocará el código} other {Se revocarán {count} códigos}}: ya no se podrán usar. Los códigos usados quedan como están.',
    revokeConfirm: 'Revocar ({count})',
    keep: 'Conservarlos',
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
    amountLabel: 'Importe a reembolsar ({currency})',
    amountHint: 'Todo lo reembolsable, salvo que lo reduzca.',
    amountInvalid: 'Escriba un importe como 12.50, mayor que cero.',
    amountTooMuch: 'Se puede reembolsar como máximo {amount}.',
    reasonLabel: 'Motivo (el cliente lo leerá)',
    reasonRequired: 'Indique por qué reembolsa.',
    passFullEffect: 'Un reembolso total cancela el permiso; uno parcial lo deja activo.',
    noticeFullEffect: 'Un reembolso total anula el aviso; uno parcial lo deja pagado.',
    confirm: 'Reembolsar {amount}',
    done: '{amount} reembolsados.',
    refunded: 'Reembolsado',
    emailSubject: 'Le hemos reembolsado {amount}',
    emailPassBody: 'Le hemos reembolsado {amount} de su pago por {product} (permiso n.º {number}).',
    emailNoticeBody: 'Le hemos reembolsado {amount} de su pago por el aviso {number}.',
    emailReason: 'Motivo: {reason}',
    emailTiming:
      'El dinero vuelve a la tarjeta con la que pagó; su banco puede tardar unos días en mostrarlo.',
    emailPassCanceled: 'El permiso está cancelado.',
    emailNoticeVoided: 'El aviso está anulado: no hay nada que pagar.',
    viewPermit: 'Ver su permiso',
    viewNotice: 'Ver el aviso',
  },
} satisfies Catalogue;
