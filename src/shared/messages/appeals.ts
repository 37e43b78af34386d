/** Appeal strings (part 1 sections 2, 4, 5 and 8); the spec's wording kept exactly, typos included. */
export const appealMessages = {
  searchTitle: 'Parking notice appeal',
  noticeNumberLabel: 'Notice #',
  search: 'Search',
  notAppealable:
    'Parking notice cannot be appealed because there is either no record for this violation, it has already been appealed, or the notice has been voided . Please confirm your Notice #.',
  windowExpired: 'Appeal window has expired. This violation is no longer eligible for appeal.',

  bannerPaid: 'Violation successfully paid.',
  bannerVoided: 'Violation Voided',
  bannerLoading: 'Loading...',
  bannerNoAppeal: 'Submit appeal for review',
  bannerPending: 'Appeal is pending review.',
  bannerApproved: 'Appeal approved.',
  bannerDenied: 'Appeal denied',

  enterName: 'Please enter your name.',
  enterEmail: 'Please enter a valid email.',
  enterPhone: 'Please enter a phone number.',
  enterAddress: 'Please enter an address.',
  enterReason: 'Please enter an appeal reason.',
  attachPhoto: 'Attach Proof Photo ({n}/4)',
  maxPhotos:
    'The maximum number of proof images have already been attached. Delete an image to add a new image.',

  dialogTitle: 'There is no valid appeal for this violation notice #.',
  dialogBody:
    'This violation appeal has either already been addressed or more than 21 days have passed since the citation has been issued.',
  dismiss: 'Dismiss',

  pageTitle: 'Appeal notice',
  noticeDetails: 'Notice details',
  formTitle: 'Your appeal',
  nameLabel: 'Name',
  emailLabel: 'Email',
  phoneLabel: 'Phone number',
  addressLabel: 'Address',
  reasonLabel: 'Reason for appeal',
  photosTitle: 'Proof photos',
  photosHint: 'JPEG, PNG, WebP or HEIC, up to 5 MB each.',
  photoAlt: 'Proof photo {n}',
  removePhoto: 'Remove photo {n}',
  uploadingPhoto: 'Uploading photo...',
  submit: 'Submit appeal',
  submitted: 'Your appeal has been submitted. We will email you when it has been reviewed.',
  checkEmailTitle: 'Check your email',
  checkEmail:
    'We sent a link to {email}. Follow it within 24 hours to confirm your appeal: only a confirmed appeal is sent for review.',
  confirming: 'Confirming your appeal...',
  confirmFailed: 'This confirmation link is invalid or has expired. Please submit your appeal again.',
  maskedNotice: 'Personal details are hidden. Open the link from your confirmation email to see them.',
  confirmEmailSubject: 'Confirm your appeal of notice {number}',
  confirmEmailHeading: 'Confirm your appeal',
  confirmEmailBody:
    'Somebody, hopefully you, appealed parking notice {number} with this email address. Follow the link within 24 hours to confirm it: only then is it sent for review.',
  confirmEmailIgnore:
    'If you did not appeal this notice, ignore this email: nothing happens without the link.',
  confirmEmailAction: 'Confirm my appeal',
  submittedOn: 'Submitted on',
  respondedOn: 'Answered on',
  fieldTooLong: '{field} must be at most {max} characters.',

  appealExists: 'This notice has already been appealed.',
  appealNotAllowed: 'This notice can no longer be appealed.',
  noAppeal: 'No appeal has been submitted for this notice.',
  noticeNumberMismatch: 'The notice number does not match this notice.',
} as const;

/** The operator's side of appeals. */
export const dashboardAppealMessages = {
  listTitle: 'Appeals',
  empty: 'There are no appeals yet.',
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
  approve: 'Approve',
  deny: 'Deny',
  statusTextLabel: 'Status text for the appellant (optional)',
  voidNoticeLabel: 'Void the notice',
  answerTitle: 'Answer appeal for notice {number}',
  cancel: 'Cancel',
  photoLink: 'Photo {n}',
  appealCardLabel: 'Appeal of notice {number}',
  alreadyAnswered: 'This appeal has already been answered.',
  emailSubjectApproved: 'Your appeal of notice {number} was approved',
  emailSubjectDenied: 'Your appeal of notice {number} was denied',
  emailHeading: 'Appeal of notice {number}',
  emailApproved: 'Your appeal of parking notice {number} has been approved.',
  emailDenied: 'Your appeal of parking notice {number} has been denied.',
  emailVoided: 'The notice has been voided; there is nothing to pay.',
  emailViewAppeal: 'View your appeal',
} as const;
