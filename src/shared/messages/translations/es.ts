import { registerTranslations } from '../../i18n/catalogue';
import { esConsole } from './es-console';
import { esConsoleWork } from './es-console-work';
import { esDesk } from './es-desk';
import { esInputErrors } from './es-input-errors';
import { esPassesPart } from './es-passes';
import { esPlans } from './es-plans';
import { esPortalPart } from './es-portal';
import './icu';

/** The Spanish catalogue, registered when this module loads (lazily in a browser). */
export const es = {
  ...esPortalPart,
  ...esPassesPart,
  ...esConsole,
  ...esDesk,
  ...esPlans,
  ...esConsoleWork,
  ...esInputErrors,
};
registerTranslations('es', es);
