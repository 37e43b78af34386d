import { registerTranslations } from '../../i18n/catalogue';
import { frConsole } from './fr-console';
import { frConsoleWork } from './fr-console-work';
import { frDesk } from './fr-desk';
import { frInputErrors } from './fr-input-errors';
import { frPassesPart } from './fr-passes';
import { frPlans } from './fr-plans';
import { frPortalPart } from './fr-portal';
import './icu';

/** The French catalogue, registered when this module loads (lazily in a browser). */
export const fr = {
  ...frPortalPart,
  ...frPassesPart,
  ...frConsole,
  ...frDesk,
  ...frPlans,
  ...frConsoleWork,
  ...frInputErrors,
};
registerTranslations('fr', fr);
