import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES } from './messages-catalogue';

describe('MESSAGES', () => {
  it('keeps the spec wording exactly', () => {
    expect(MESSAGES.passwordRule).toBe(
      'Your password must be at least 8 characters long, contain at least one number, one uppercase letter(A-Z) and one lowercase letter(a-z)',
    );
    expect(MESSAGES.missingMandatoryFields).toBe('missing mandatory fields');
    expect(MESSAGES.pleaseSelectDate).toBe('Please select a date');
    expect(MESSAGES.groupIdRequired).toBe('GroupId id is required');
    expect(MESSAGES.passwordChanged).toBe('Password changed, please re-login');
    expect(MESSAGES.wrongCurrentPassword).toBe('Wrong current password');
    expect(MESSAGES.genericRetry).toBe('Oops, something went wrong');
    expect(MESSAGES.unableToFetchData).toBe('Whoops! Unable to fetch your data. Please try again later.');
    expect(MESSAGES.retryAfterSomeTime).toBe('Retry again after some time!!');
    expect(MESSAGES.newVersionAvailable).toBe('A newer version of application is available. Please refresh.');
    expect(MESSAGES.otpValidationError).toBe('Error while validating otp');
    expect(MESSAGES.requestCancelled).toBe('Request cancelled');
    expect(MESSAGES.requestCanceledDueToLogout).toBe('Request canceled due to logout');
    expect(MESSAGES.sessionNotFound).toBe('User session not found in local storage');
    expect(MESSAGES.appSettingNotFound).toBe('App setting not found in local storage');
  });
});

describe('ERROR_CODES', () => {
  it('maps the lookup code and keeps the others verbatim', () => {
    expect(ERROR_CODES.USER_NOT_FOUND_LOOKUP).toBe('AL-U-01');
    for (const [key, value] of Object.entries(ERROR_CODES)) {
      if (key !== 'USER_NOT_FOUND_LOOKUP') expect(value).toBe(key);
    }
  });

  it('includes the platform and our own codes', () => {
    const codes: readonly string[] = Object.values(ERROR_CODES);
    for (const code of [
      'APPLOZIC_ERROR',
      'INVALID_APPLICATIONID',
      'USER_ALREADY_EXISTS_PWD_INVALID',
      'CAN_NOT_CHANGE_ROLE',
      'ER_DUP_ENTRY',
      'USER_ALREADY_EXIST',
      'FEATURE_NOT_AVAILABLE',
      'RATE_LIMITED',
      'EMAIL_NOT_VERIFIED',
    ]) {
      expect(codes).toContain(code);
    }
  });
});
