import type { TranslationOf } from '../../i18n/catalogue';
import type * as messages from '../index';
import type * as inputErrors from '../input-errors';
import type * as reports from '../reports';

type MessageObjects<M> = {
  [K in keyof M as M[K] extends (...args: never[]) => unknown ? never : K]: TranslationOf<M[K]>;
};

/**
 * A language's catalogue: for each English messages object (by its exported name), its
 * translation. Every key is optional to the compiler, so merging a new English string never breaks
 * the build; the parity test (parity.test.ts) is what fails until it is translated.
 */
export type Catalogue = Partial<MessageObjects<typeof messages & typeof reports & typeof inputErrors>>;
