import { consoleMessages } from '../../../../shared/messages';
import { OPERATOR_ROLES } from '../../../../shared/rules/operator-roles';

/** The roles as a select's options, in the order of the roles list. */
export const ROLE_OPTIONS = () =>
  OPERATOR_ROLES.map((role) => ({
    value: role,
    label: consoleMessages.roleNames[role],
  }));
