import { localized } from '../i18n/catalogue';
/**
 * Plate strings shared by every call that takes a plate (passes, vehicles, enforcement, notices,
 * reports). The spec asks for a plate with 'Please add your vehicle info.' (part 2 section 5);
 * a plate that is there but is not one says what a plate may hold, in the same voice.
 */
export const plateMessages = /* @__PURE__ */ localized('plateMessages', {
  plateInvalid:
    'Please add your vehicle info: a plate has only letters and numbers, with spaces, dashes or dots between them.',
  /** {max}: the longest plate kept. */
  plateTooLong: 'Please add your vehicle info: a plate has at most {max} characters.',
  duplicateVehicle: 'You already have a vehicle with this plate.',
  /** A second vehicle of one pass with a plate the pass already has. */
  plateAlreadyOnPass: 'This pass already has a vehicle with this plate.',
} as const);
