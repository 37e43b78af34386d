// The list of actions is shared, so route contracts can name the permission they need.
export { ACTIONS, type Action, PASS_ACTIONS } from '../../../shared/rules/permission-actions';
