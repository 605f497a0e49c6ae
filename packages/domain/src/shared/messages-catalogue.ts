// User-facing texts and error codes of SPEC §5 and §8, verbatim. Keep wording exact.

export const MESSAGES = {
  passwordRule:
    'Your password must be at least 8 characters long, contain at least one number, one uppercase letter(A-Z) and one lowercase letter(a-z)',
  passwordTooLong: 'Password must be at most 128 characters',
  missingMandatoryFields: 'missing mandatory fields',
  notANumber: 'Not a number',
  pleaseSelectDate: 'Please select a date',
  groupIdRequired: 'GroupId id is required',
  passwordChanged: 'Password changed, please re-login',
  wrongCurrentPassword: 'Wrong current password',
  genericRetry: 'Oops, something went wrong',
  unableToFetchData: 'Whoops! Unable to fetch your data. Please try again later.',
  retryAfterSomeTime: 'Retry again after some time!!',
  newVersionAvailable: 'A newer version of application is available. Please refresh.',
  otpValidationError: 'Error while validating otp',
  requestCancelled: 'Request cancelled',
  requestCanceledDueToLogout: 'Request canceled due to logout',
  requestAborted: 'Request aborted',
  sessionNotFound: 'User session not found in local storage',
  appSettingNotFound: 'App setting not found in local storage',
  somethingWentWrong: 'Something went wrong!',
  errorScreenTitle: 'Uh oh! Something went wrong',
  reloadDashboard: 'Reload Dashboard',
  reportAnError: 'Report an Error',
  goToLoginPage: 'Go to the login page',
  errorDownloadingReport: 'Error downloading report',
  errorChangingAiPlatform: 'Error changing AI platform',
  errorGeneratingCode: 'Error generating code',
  customElementsUnsupported: 'Custom element is not supported in current browser',
  unableToFetchFaqs: 'Unable to fetch FAQs',
  unableToSubmitDisposition: 'Unable to Submit Disposition',
  deleteAnswerConfirm: 'Are you sure you want to delete this Answer and all its associated data?',
  deleteAnswerAllLanguagesConfirm: 'Do you want to delete this Answer from all other enabled languages?',
  copyAnswerConfirm: 'Do you want to copy this answer to all enabled languages?',
  agentActions: 'Agent Actions',
  // Ours: the spec names these codes but not their wording.
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  phoneNeedsCountryCode: 'Phone number must start with a country code (+)',
} as const;
export type MessageKey = keyof typeof MESSAGES;

export const ERROR_CODES = {
  // §8, as sent by the platform
  APPLOZIC_ERROR: 'APPLOZIC_ERROR',
  INVALID_PARAMETER: 'INVALID_PARAMETER',
  INVALID_APPLICATIONID: 'INVALID_APPLICATIONID',
  USER_ALREADY_EXISTS: 'USER_ALREADY_EXISTS',
  USER_ALREADY_EXISTS_PWD_INVALID: 'USER_ALREADY_EXISTS_PWD_INVALID',
  USER_NOT_FOUND_LOOKUP: 'AL-U-01',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  BROWSER_ERROR: 'BROWSER_ERROR',
  NO_USER_DETAILS: 'NO_USER_DETAILS',
  APP_NOT_RECEIVED: 'APP_NOT_RECEIVED',
  CAN_NOT_CHANGE_ROLE: 'CAN_NOT_CHANGE_ROLE',
  ER_DUP_ENTRY: 'ER_DUP_ENTRY',
  USER_ALREADY_EXIST: 'USER_ALREADY_EXIST',
  PASSWORD_INVALID: 'PASSWORD_INVALID',
  FEATURE_NOT_AVAILABLE: 'FEATURE_NOT_AVAILABLE',
  ERROR_SEND_VALIDATION_MAIL: 'ERROR_SEND_VALIDATION_MAIL',
  ERROR_VALIDATING_SIGNUP_MAIL: 'ERROR_VALIDATING_SIGNUP_MAIL',
  ERROR_GETTING_INSIGHT: 'ERROR_GETTING_INSIGHT',
  UNABLE_TO_GET_AGENT_SUGGESTION: 'UNABLE_TO_GET_AGENT_SUGGESTION',
  // ours
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_CODE: 'INVALID_CODE',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  // codes of the validation functions
  INVALID_PASSWORD: 'INVALID_PASSWORD',
  PASSWORD_TOO_LONG: 'PASSWORD_TOO_LONG',
  INVALID_EMAIL: 'INVALID_EMAIL',
  INVALID: 'INVALID',
  NO_COUNTRY_CODE: 'NO_COUNTRY_CODE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Success code read from product-side responses. */
export const SUCCESS_CODE = 'SUCCESS';
