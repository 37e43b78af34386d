import { localized } from '../i18n/catalogue';
/** Upload strings: what the storage port answers when a file is refused. Not in the spec; plain and specific. */
export const uploadMessages = /* @__PURE__ */ localized('uploadMessages', {
  tooLarge: 'The file is larger than 5 MB. Choose a smaller file.',
  largerThanAnnounced: 'The file is larger than the size it was announced with. Try attaching it again.',
  tooManyWaiting: 'Too many files are waiting to be attached right now. Please try again later.',
  empty: 'The file is empty.',
  /** {types}: the purpose's own types ('JPEG, PNG or WebP'); {what}: what the purpose calls its files. */
  unsupportedType: 'Only {types} {what} can be attached.',
  contentMismatch: "The file's contents are not a {type} file. Choose the original photo or document.",
  extensionMismatch: "The file name's extension does not match its type.",
  pathLikeName: 'The file name must be a plain file name, not a path.',
  notArrived: 'The file has not arrived in storage. Try attaching it again.',
  urlExpired: 'This upload link has expired. Try attaching the file again.',
  urlInvalid: 'This upload link is not valid.',
  urlUsed: 'This upload link has already been used.',
  wrongContentType: 'The file must be sent with the type it was announced with ({type}).',
  notFromThisPortal: 'Photo {n} was not uploaded through this portal.',
  alreadyAttached: 'Photo {n} is already attached to another record.',
  duplicatePhoto: 'The same photo is attached twice.',
  uploadFailed: 'The file could not be uploaded. Try again.',
} as const);

/** What each upload purpose calls its files, in the message that names the types it takes. */
export const UPLOAD_PURPOSE_NOUNS = /* @__PURE__ */ localized('UPLOAD_PURPOSE_NOUNS', {
  'appeal-photo': 'photos',
  'pass-proof': 'files',
  'patrol-photo': 'photos',
  'brand-logo': 'logos',
  'product-image': 'images',
  'notice-photo': 'photos',
} as const);

/** Short names of the accepted types, for messages. */
export const CONTENT_TYPE_NAMES: Record<string, string> = /* @__PURE__ */ localized('CONTENT_TYPE_NAMES', {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'application/pdf': 'PDF',
});
