import { localized } from '../i18n/catalogue';

/** Sign-up, sign-in, password and account screen strings (part 1 sections 2, 5, 8; part 2 sections 2, 5, 8). */
export const accountMessages = /* @__PURE__ */ localized('accountMessages', {
  // Screens and actions
  signupTitle: 'Create your account',
  signinTitle: 'Sign in',
  signupCodeTitle: 'Sign up with code',
  signupCodeLabel: 'Sign-up code',
  signupCodeContinue: 'Continue',
  signupCodeRequired: 'Please enter your sign-up code.',
  forgotPassword: 'Forgot your password?',
  createAccount: 'Create account',
  signIn: 'Sign in',
  signUp: 'Create account',
  haveAccount: 'Already have an account?',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  fullnameLabel: 'Full name',
  unitLabel: 'Unit',
  buildingLabel: 'Building',
  findAccountTitle: 'Find your account',
  sendConfirmationEmail: 'Send confirmation email',
  // Decision 052: an unknown address is told so (404), so a sent email is stated, not hedged.
  resetEmailSent:
    'We have sent an email with a link to reset your password to your address. The link works for one hour.',
  resetEmailSentTitle: 'Check your email',
  resetPasswordTitle: 'Reset password',
  resetPassword: 'Reset password',
  newPasswordLabel: 'New password',
  repeatPasswordLabel: 'Repeat new password',
  currentPasswordLabel: 'Current password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  passwordRulesTitle: 'Your password must contain:',
  ruleLength: 'At least 8 characters',
  ruleUppercase: '1 uppercase letter',
  ruleLowercase: '1 lowercase letter',
  ruleDigit: '1 number',
  ruleSpecial: '1 special character',
  /** After a password rule, for a screen reader. */
  ruleMet: 'met',
  ruleNotMet: 'not met yet',
  verifyEmailTitle: 'Verify your email address',
  emailVerified: 'Your email address is verified. Thank you!',
  emailVerifyFailed: 'This verification link is invalid or has expired.',

  // Shell
  menuDashboard: 'Dashboard',
  menuPasses: 'Passes',
  menuVehicles: 'Vehicles',
  menuVisitors: 'My visitors',
  menuAccount: 'Account',
  menuLogout: 'Logout',
  menuLabel: 'Account menu',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',

  // Account screen
  accountTitle: 'Account',
  accountInformation: 'Account Information',
  accountNumber: 'Account #',
  signupCode: 'Signup code',
  accountType: 'Account type',
  businessAccount: 'Business Account',
  business: 'Business',
  standard: 'Standard',
  location: 'Location',
  name: 'Name',
  email: 'Email',
  password: 'Password',
  maskedPassword: '••••••••',
  /** What a screen reader says for the masked password. */
  passwordHidden: 'Hidden',
  edit: 'Edit',
  editLocation: 'Edit location',
  editName: 'Edit name',
  editEmail: 'Edit email',
  changePassword: 'Change password',
  save: 'Save',
  cancel: 'Cancel',
  guestCode: 'Guest Code',
  requestNewCode: 'Request new code',
  noGuestCode: 'No guest code issued yet.',
  administratorContact: 'Administrator contact',
  contactEmail: 'Email',
  contactPhone: 'Phone',
  paymentMethod: 'Payment Method',
  noCards: 'There are no cards attached to this account.',
  managePaymentMethod: 'Manage payment method',
  cardExpires: 'Expires',
  passwordChanged: 'Your password has been changed.',
  notProvided: 'Not provided',

  // Validation (section 5)
  invalidEmail: 'Please enter a valid email.',
  accountEmailInvalid: 'You must fill in a valid email.',
  fullnameRequired: 'Please enter your name.',
  newPasswordsMismatch: 'Your new passwords do not match.',
  resetPasswordsMismatch: 'Your passwords do not match. Please try to set your passwords again.',
  passwordTooWeak: 'Your password needs to be stronger.',

  // Error catalogue (section 8)
  loginFailed: 'Username or password is incorrect. For more help contact {support}.',
  loginUnauthorized:
    'This user account is unauthorized for permit dashboard access. For more help contact your team superadmin or {support}.',
  signupNotAuthorized:
    'An error occured or the administrator that uses this URL has not been authorized to issue parking passes yet. Please contact your parking admin or {support} for help regarding permit payments and management.',
  signupEmailTaken:
    'This email has already been registered. If you have forgotten your password, you can reset it at Sign In.',
  signupUnauthorized:
    'This user account is unauthorized for permit dashboard access. For more help contact your admin or {support}.',
  emailInUse:
    'This email address is already connected to another account in our system. Please choose another email or contact your parking administrator for help.',
  wrongCurrentPassword: 'Your current password was enterred incorrectly. Please try again.',
  currentPasswordRequired: 'Enter your current password to change your email.',
  emailChangedSubject: 'The email address of your account was changed',
  emailChangedBody:
    'The email address of your account was just changed, and every other session was signed out. Emails now go to the new address.',
  emailChangedNotYou: 'If you did not make this change, contact {support} right away.',
  guestCodeRefused: 'You must first be a registered permit holder before you can issue guest codes.',
  guestCodeIssued: 'You have been issued a guest code. This code will automatically update after each use.',
  forgotPasswordFailed:
    'This email is not detected in our system. You can create an account here. A signup code may be required. For more help, please reach out to {support}.',
  forgotPasswordLinkText: 'create an account here',
  resetFailed:
    'Your password could not be reset because this link does not match the one emailed to your account.',
  resetSucceeded: 'Password successfully reset. Click here to go back to login.',
  resetSucceededLinkText: 'Click here to go back to login.',
  codeInvalid: 'This code is not valid. Please ask your parking administrator for assistance.',
  codeUsed:
    'This code has already been used to register. Please ask your parking administrator for assistance.',
  codeRequired:
    'A sign-up code is required to create an account here. Please ask your parking administrator for one.',

  // Emails
  resetEmailSubject: 'Reset your password',
  resetEmailHeading: 'Reset your password',
  resetEmailBody:
    'We received a request to reset the password of your account. The link below works once, for one hour.',
  resetEmailIgnore: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
  resetEmailAction: 'Reset password',
  welcomeEmailSubject: 'Welcome to {title}',
  /** No name: the address is not verified yet, so nothing a sign-up typed goes into the email. */
  welcomeEmailHeading: 'Welcome',
  welcomeEmailBody: 'Your account is ready. You can now register and manage your parking passes.',
  verifyEmailSubject: 'Verify your email address',
  verifyEmailHeading: 'Verify your email address',
  verifyEmailBody: 'Please confirm that this is your email address. The link works for 24 hours.',
  verifyEmailAction: 'Verify email',
  passwordChangedSubject: 'Your password was changed',
  passwordChangedBody:
    'The password of your account was just changed, and every other signed-in session was signed out. If this was not you, reset your password now.',
} as const);
