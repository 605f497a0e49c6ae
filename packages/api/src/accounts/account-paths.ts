// The product API's account paths, without zod: exported by @convo/api/constants too.

/** The run-time config's path, alone too: the dashboard's inline early start reads only it. */
export const CONFIG_PATH = '/api/config';

/** Paths of the product API, written once for the server routes, the client and the tests. */
export const ACCOUNT_PATHS = {
  config: CONFIG_PATH,
  /** SPEC §7 IP lookup: the sign-up's country from its address ('us' when unknown). */
  ipCountry: '/api/ip/country',
  signup: '/api/signup',
  login: '/api/login',
  logout: '/api/users/logout',
  me: '/api/users/me',
  passwordChange: '/api/users/password/update',
  passwordResetRequest: '/api/password/reset',
  passwordResetValidate: '/api/password/reset/validate',
  passwordResetUpdate: '/api/password/update',
  emailValidate: '/api/email/validate',
  emailResend: '/api/email/validation-mail',
  googleStart: '/api/auth/google/start',
  googleCallback: '/api/auth/google/callback',
  devMailbox: '/api/dev/mailbox',
} as const;
