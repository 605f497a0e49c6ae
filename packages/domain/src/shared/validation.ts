// Pure validation rules of SPEC §5. Each check returns a result instead of throwing.

import { ERROR_CODES, MESSAGES } from './messages-catalogue';

export type ValidationResult = { ok: true } | { ok: false; code: string; message: string; field?: string };

const OK: ValidationResult = { ok: true };

function fail(code: string, message: string, field?: string): ValidationResult {
  return field === undefined ? { ok: false, code, message } : { ok: false, code, message, field };
}

// Password
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_RULE_MESSAGE = MESSAGES.passwordRule;
export const PASSWORD_TOO_LONG_MESSAGE = MESSAGES.passwordTooLong;

export function validatePassword(password: string): ValidationResult {
  if (password.length > PASSWORD_MAX_LENGTH) {
    return fail(ERROR_CODES.PASSWORD_TOO_LONG, PASSWORD_TOO_LONG_MESSAGE);
  }
  const strong =
    password.length >= PASSWORD_MIN_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password);
  return strong ? OK : fail(ERROR_CODES.INVALID_PASSWORD, PASSWORD_RULE_MESSAGE);
}

// Email: pragmatic local@domain.tld, no spaces, TLD of two letters or more.
export const EMAIL_REGEX =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_REGEX.test(email);
}

export function validateEmail(email: string): ValidationResult {
  return isValidEmail(email) ? OK : fail(ERROR_CODES.INVALID_EMAIL, MESSAGES.invalidEmail);
}

// Phone
export const PHONE_MIN_LENGTH = 6;
export const PHONE_MAX_LENGTH = 15;
/** '+' then 7 to 15 digits, each optionally preceded by a space. */
export const COUNTRY_CODE_REGEX = /^\+(?: ?\d){7,15}$/;

export function matchesCountryCodeFormat(value: string): boolean {
  return COUNTRY_CODE_REGEX.test(value.trim());
}

export function validatePhone(phone: string): ValidationResult {
  const value = phone.trim();
  if (value.length < PHONE_MIN_LENGTH || value.length > PHONE_MAX_LENGTH) {
    return fail(ERROR_CODES.INVALID, MESSAGES.invalidPhone);
  }
  if (!value.startsWith('+')) return fail(ERROR_CODES.NO_COUNTRY_CODE, MESSAGES.phoneNeedsCountryCode);
  return /^\d+$/.test(value.slice(1)) ? OK : fail(ERROR_CODES.INVALID, MESSAGES.invalidPhone);
}

// Keys and characters
export const NOT_A_NUMBER_MESSAGE = MESSAGES.notANumber;

/** True for a single digit key (KeyboardEvent.key); the caller shows NOT_A_NUMBER_MESSAGE otherwise. */
export function isNumericKey(key: string): boolean {
  return /^[0-9]$/.test(key);
}

/** Every character between space and tilde (printable ASCII); empty counts as printable. */
export function isPrintable(value: string): boolean {
  return /^[\x20-\x7E]*$/.test(value);
}

// Files
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes.toFixed(2)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Splits CSV text into lines, keeping newlines inside quoted fields. */
export function splitCsvLines(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') inQuotes = !inQuotes;
    if (!inQuotes && (ch === '\n' || ch === '\r')) {
      lines.push(current);
      current = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
      continue;
    }
    current += ch;
  }
  lines.push(current);
  return lines;
}

/** Records in a CSV: non-blank lines minus the header row. */
export function countCsvRecords(text: string): number {
  const nonBlank = splitCsvLines(text).filter((line) => line.trim() !== '');
  return Math.max(0, nonBlank.length - 1);
}

/** Index of a column by name, case-insensitive and trimmed (a BOM is trimmed too); -1 if absent. */
export function findCsvColumn(headers: readonly string[], name: string): number {
  const wanted = name.trim().toLowerCase();
  return headers.findIndex((h) => h.trim().toLowerCase() === wanted);
}

// User creation
export const MISSING_MANDATORY_FIELDS = MESSAGES.missingMandatoryFields;

export interface UserCreationInput {
  userName?: string | null;
  applicationId?: string | null;
  password?: string | null;
  loginType?: string | null;
  type?: number | string | null;
  roleType?: number | string | null;
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Agent, admin or bot creation needs these fields; password is optional for OAuth logins. */
export function validateUserCreation(input: UserCreationInput): ValidationResult {
  const required: (keyof UserCreationInput)[] = ['userName', 'applicationId', 'type', 'roleType'];
  if (input.loginType !== 'oauth') required.splice(2, 0, 'password');
  const missing = required.find((field) => isMissing(input[field]));
  return missing === undefined ? OK : fail(ERROR_CODES.VALIDATION_ERROR, MISSING_MANDATORY_FIELDS, missing);
}

// Sign-up domain blocking. The spec names two blocked domains without listing them; these two
// well-known disposable-mail domains are our choice.
export const BLOCKED_EMAIL_DOMAINS: readonly string[] = ['mailinator.com', 'yopmail.com'];

export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  if (at === -1) return '';
  const domain = email.slice(at + 1);
  return domain.trim().toLowerCase();
}

export function isBlockedSignupDomain(email: string | null | undefined): boolean {
  return email != null && BLOCKED_EMAIL_DOMAINS.includes(emailDomain(email));
}

// Other §5 checks with a fixed message.
export function validateGroupId(groupId: string | number | null | undefined): ValidationResult {
  return isMissing(groupId) ? fail(ERROR_CODES.VALIDATION_ERROR, MESSAGES.groupIdRequired, 'groupId') : OK;
}

export function validateBusinessHoursSelection(selectedDays: readonly unknown[]): ValidationResult {
  return selectedDays.length === 0 ? fail(ERROR_CODES.VALIDATION_ERROR, MESSAGES.pleaseSelectDate) : OK;
}
