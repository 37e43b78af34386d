import { localized } from '../i18n/catalogue';
/** Operator sign-in and the operator console's frame. */
export const operatorMessages = /* @__PURE__ */ localized('operatorMessages', {
  loginTitle: 'Operator sign in',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  signIn: 'Sign in',
  signOut: 'Sign out',
  loginFailed: 'Email or password is incorrect.',
} as const);
