/** What other features and the app may use of this feature; its other files are its own. */
export { allRepeatOffenders } from './list-repeat-offenders';
export { findPlateStanding } from './plate-standing';
export { repeatOffenderRoutes } from './routes';
export { settingsOf as repeatOffenderSettingsOf } from './unpaid-notices';
