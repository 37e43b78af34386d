import type { Catalogue } from './shape';

/** French (Canada, "vous"): the console's refunds, bulk work and customer emails (issue 33). */
export const frConsoleWork = {
  decisionEmailMessages: {
    subjectApproved: 'Votre demande de permis de stationnement a été approuvée',
    subjectApprovedNeedsPayment: 'Votre demande de permis de stationnement a été approuvée : paiement requis',
    subjectRejected: 'Votre demande de permis de stationnement n’a pas été approuvée',
    bodyApproved:
      'Votre demande pour {product} (permis no {number}) a été approuvée. Il est valide du {from} au {to}.',
    bodyApprovedNeedsPayment:
      'Votre demande pour {product} (permis no {number}) a été approuvée. Veuillez la payer pour activer le permis.',
    bodyApprovedPayBy:
      'Votre demande pour {product} (permis no {number}) a été approuvée. Veuillez la payer d’ici le {date} pour activer le permis.',
    bodyRejected: 'Votre demande pour {product} (permis no {number}) n’a pas été approuvée.',
    adminMessage: 'Message de l’administrateur : {message}',
  },
  bulkWorkMessages: {
    alreadyCanceled: 'Ce permis est déjà annulé.',
    notCancelable: 'Ce permis ne peut plus être annulé.',
    voidAction: 'Annuler les avis',
    voidTitle: '{count, plural, one {Annuler l’avis?} other {Annuler {count} avis?}}',
    voidBody:
      '{count, plural, one {L’avis sera annulé} other {Les {count} avis seront annulés}} : plus rien n’est dû et le paiement n’est plus possible. Les avis payés ou déjà annulés restent tels quels.',
    voidReason: 'Motif (conservé dans le journal d’audit)',
    voidReasonRequired: 'Indiquez pourquoi les avis sont annulés.',
    voidConfirm: 'Annuler ({count})',
    cancelAction: 'Annuler les permis',
    cancelTitle: '{count, plural, one {Annuler le permis?} other {Annuler {count} permis?}}',
    cancelBody:
      '{count, plural, one {Le permis sera annulé} other {Les {count} permis seront annulés}} sans remboursement : ils ne comptent plus et ne se renouvellent plus, et chaque titulaire reçoit un courriel.',
    cancelConfirm: 'Annuler ({count})',
    revokeAction: 'Révoquer',
    revokeTitle: '{count, plural, one {Révoquer le code d’accès?} other {Révoquer {count} codes d’accès?}}',
    revokeBody:
      '{count, plural, one {Le code sera révoqué} other {Les {count} codes seront révoqués}} : ils ne pourront plus servir. Les codes utilisés restent tels quels.',
    revokeConfirm: 'Révoquer ({count})',
    keep: 'Les garder',
  },
  refundMessages: {
    nothingLeft: 'Il ne reste aucun paiement à rembourser.',
    tooMuch: 'Vous pouvez rembourser au plus {amount} : le montant payé moins ce qui a déjà été remboursé.',
    noProviderPayment:
      'Le fournisseur n’a donné aucun identifiant pour ce paiement : remboursez-le depuis le tableau de bord du fournisseur.',
    providerFailed: 'Le fournisseur de paiement n’a pas pu rembourser ce paiement : {message}',
    refund: 'Rembourser',
    dialogTitle: 'Rembourser un paiement',
    refundableNow: 'Remboursable maintenant : {amount} sur {paid} payés.',
    amountLabel: 'Montant à rembourser ({currency})',
    amountHint: 'Tout ce qui est remboursable, sauf si vous le réduisez.',
    amountInvalid: 'Entrez un montant comme 12,50, supérieur à zéro.',
    amountTooMuch: 'Au plus {amount} peut être remboursé.',
    reasonLabel: 'Motif (le client le lira)',
    reasonRequired: 'Indiquez pourquoi vous remboursez.',
    passFullEffect: 'Un remboursement complet annule le permis; un remboursement partiel le laisse actif.',
    noticeFullEffect: 'Un remboursement complet annule l’avis; un remboursement partiel le laisse payé.',
    confirm: 'Rembourser {amount}',
    done: '{amount} remboursés.',
    refunded: 'Remboursé',
    emailSubject: 'Vous avez été remboursé de {amount}',
    emailPassBody: '{amount} de votre paiement pour {product} (permis no {number}) vous ont été remboursés.',
    emailNoticeBody: '{amount} de votre paiement pour l’avis {number} vous ont été remboursés.',
    emailReason: 'Motif : {reason}',
    emailTiming:
      'L’argent est rendu sur la carte utilisée pour payer; votre banque peut prendre quelques jours pour l’afficher.',
    emailPassCanceled: 'Le permis est annulé.',
    emailNoticeVoided: 'L’avis est annulé : il n’y a rien à payer.',
    viewPermit: 'Voir votre permis',
    viewNotice: 'Voir l’avis',
  },
} satisfies Catalogue;
