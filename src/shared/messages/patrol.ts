import { localized } from '../i18n/catalogue';
/** The patrol app (/patrol, issue 29): an enforcement officer's phone screens. */
export const patrolMessages = /* @__PURE__ */ localized('patrolMessages', {
  appName: 'Patrol',
  signInTitle: 'Patrol sign-in',
  signOut: 'Sign out',
  signOutConfirm: 'Sign out and clear this phone',
  signOutPending:
    'Some scans or notices have not been sent yet. Signing out now deletes them from this phone.',
  cancel: 'Cancel',
  notAllowed: 'Your account cannot check plates. Ask an administrator for the enforcement role.',
  tabCheck: 'Check',
  tabNotice: 'Notice',
  tabShift: 'My shift',
  plateLabel: 'Plate',
  platePlaceholder: 'ABC 123',
  checkButton: 'Check plate',
  platePhotoLabel: 'Photo of the plate',
  cameraButton: 'Camera',
  cameraTitle: 'Read the plate with the camera',
  cameraGuide: 'Fit the plate in the frame',
  cameraStarting: 'Opening the camera…',
  captureButton: 'Read the plate',
  closeCamera: 'Close the camera',
  cameraRefused:
    'The camera is not allowed for this app. Take a photo with "Photo of the plate" instead, or allow the camera in the browser settings.',
  cameraUnavailable:
    'No camera could be opened on this phone. Take a photo with "Photo of the plate" instead.',
  readingPlate: 'Reading the plate…',
  /** {plate}: the plate read from the photo or the camera. */
  plateRead: 'Read {plate}. Compare it with the car and correct it before checking.',
  nothingRead: 'No plate could be read. Type it, or take a closer, straighter photo of the plate alone.',
  notAnImage: 'This file is not a photo this phone can open. Type the plate.',
  readerFailed: 'The plate reader could not start: it needs the network the first time. Type the plate.',
  /** {name}: the photo's file name. */
  photoAttached: 'Photo: {name}',
  plateRequired: 'Enter a plate to check.',
  online: 'Online',
  offline: 'Offline',
  covered: 'Covered',
  notCovered: 'Not covered',
  /** {count}: outstanding notices on the plate. */
  outstandingNotices: '{count, plural, one {# outstanding notice} other {# outstanding notices}}',
  outstandingNotice: '1 outstanding notice',
  /** {amount}: what a repeat offender's unpaid notices ask, with the late penalties reached. */
  unpaidTotal: '{amount} unpaid',
  /** {until}: local date and time. */
  coveredUntil: 'Until {until}',
  /** {time}: HH:MM. */
  checkedOnline: 'Checked online at {time}',
  /** {time}: HH:MM. */
  fromSnapshot: 'From the snapshot of {time}',
  snapshotTooOld:
    'The offline list of covered plates is too old to answer. Connect to the network to check this plate.',
  noSnapshot:
    'No offline list of covered plates on this phone yet. Connect to the network to check this plate.',
  /** {time}: HH:MM. */
  snapshotAt: 'Offline list of covered plates from {time}',
  snapshotNone: 'No offline list of covered plates yet',
  refreshSnapshot: 'Refresh list',
  scanQueued: 'Scan saved; it will be sent when the phone is online.',
  scanRecorded: 'Scan recorded.',
  writeNotice: 'Write a notice for this plate',
  newCheck: 'Check another plate',
  noticeTitle: 'Write a notice',
  violationLabel: 'Violation code',
  violationPlaceholder: 'EXPIRED METER',
  violationRequired: 'Enter the violation code.',
  locationLabel: 'Location',
  commentsLabel: 'Comments',
  makeLabel: 'Make',
  colorLabel: 'Colour',
  photosLabel: 'Photos (up to 4)',
  /** {count}: photos chosen. */
  photosChosen: '{count} of 4 photos',
  removePhoto: 'Remove photo',
  /** {max}: the most photos a notice takes. */
  tooManyPhotos: 'A notice takes at most {max} photos.',
  saveNotice: 'Save notice',
  noticeNotKept: 'The notice could not be kept on this phone. Try again.',
  noticeSaved: 'Notice saved; it will be sent in order with your scans.',
  shiftTitle: 'My shift',
  /** {time}: HH:MM. */
  shiftStarted: 'Shift started',
  lastSync: 'Last sync',
  neverSynced: 'Not yet',
  syncNow: 'Send now',
  waiting: 'Waiting to send',
  sent: 'Sent',
  refused: 'Refused',
  duplicate: 'Already received',
  scansHeading: 'Scans',
  noticesHeading: 'Notices',
  nothingYet: 'Nothing yet this shift.',
  /** {count}: items waiting. */
  pendingCount: '{count} waiting to send',
  allSent: 'Everything is sent',
  scanKind: 'Scan',
  noticeKind: 'Notice',
  noLocation:
    'No location from this phone: the scan was recorded without one. Allow location to record where.',
  sessionEnded: 'Your session has ended. Sign in again to send what waits on this phone.',
  refusedHelp: 'Refused items stay here: correct them in the console or write them again.',
} as const);
