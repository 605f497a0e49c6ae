import { describe, expect, it } from 'vitest';
import {
  BLOCKED_EMAIL_DOMAINS,
  COUNTRY_CODE_REGEX,
  countCsvRecords,
  findCsvColumn,
  formatFileSize,
  isBlockedSignupDomain,
  isNumericKey,
  isPrintable,
  MISSING_MANDATORY_FIELDS,
  matchesCountryCodeFormat,
  NOT_A_NUMBER_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_MESSAGE,
  validateBusinessHoursSelection,
  validateEmail,
  validateGroupId,
  validatePassword,
  validatePhone,
  validateUserCreation,
} from './validation';

const RULE =
  'Your password must be at least 8 characters long, contain at least one number, one uppercase letter(A-Z) and one lowercase letter(a-z)';

describe('validatePassword', () => {
  it('exports the rule and bounds', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe(RULE);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
  });

  it('7 characters fail, 8 pass', () => {
    expect(validatePassword('Abcdef1')).toEqual({ ok: false, code: 'INVALID_PASSWORD', message: RULE });
    expect(validatePassword('Abcdef12')).toEqual({ ok: true });
  });

  it('needs an uppercase, a lowercase and a digit', () => {
    expect(validatePassword('abcdefg1').ok).toBe(false);
    expect(validatePassword('ABCDEFG1').ok).toBe(false);
    expect(validatePassword('Abcdefgh').ok).toBe(false);
  });

  it('128 characters pass, 129 are too long', () => {
    const at128 = `Aa1${'x'.repeat(125)}`;
    expect(at128).toHaveLength(128);
    expect(validatePassword(at128)).toEqual({ ok: true });
    expect(validatePassword(`${at128}x`)).toEqual({
      ok: false,
      code: 'PASSWORD_TOO_LONG',
      message: 'Password must be at most 128 characters',
    });
  });
});

describe('validateEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(validateEmail('jane.doe+tag@example.co.uk')).toEqual({ ok: true });
    expect(validateEmail('a@b.io').ok).toBe(true);
  });

  it('rejects spaces and malformed addresses', () => {
    for (const bad of [
      '',
      'jane',
      'jane@',
      '@example.com',
      'jane@example',
      'ja ne@example.com',
      'jane@exa mple.com',
    ]) {
      const result = validateEmail(bad);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.code).toBe('INVALID_EMAIL');
    }
    expect(validateEmail(' jane@example.com').ok).toBe(false);
    expect(validateEmail('jane@@example.com').ok).toBe(false);
  });
});

describe('validatePhone', () => {
  const code = (phone: string) => {
    const result = validatePhone(phone);
    return result.ok ? 'OK' : result.code;
  };

  it('length 6 to 15 after trimming', () => {
    expect(code('12345')).toBe('INVALID');
    expect(code('+12345')).toBe('OK');
    expect(code('  +12345  ')).toBe('OK');
    expect(code('+12345678901234')).toBe('OK');
    expect(code('+123456789012345')).toBe('INVALID');
  });

  it('needs a leading +', () => {
    expect(code('123456789')).toBe('NO_COUNTRY_CODE');
  });

  it('digits only after +', () => {
    expect(code('+12345a')).toBe('INVALID');
    expect(code('+123 456')).toBe('INVALID');
  });
});

describe('country code format', () => {
  it('+ then 7 to 15 digits with optional spaces', () => {
    expect(matchesCountryCodeFormat('+1234567')).toBe(true);
    expect(matchesCountryCodeFormat('+91 98765 43210')).toBe(true);
    expect(matchesCountryCodeFormat('+123456')).toBe(false);
    expect(matchesCountryCodeFormat(`+${'1'.repeat(16)}`)).toBe(false);
    expect(matchesCountryCodeFormat('1234567')).toBe(false);
    expect(COUNTRY_CODE_REGEX.test('+1 2 3 4 5 6 7')).toBe(true);
  });
});

describe('keys and characters', () => {
  it('isNumericKey', () => {
    expect(isNumericKey('0')).toBe(true);
    expect(isNumericKey('9')).toBe(true);
    expect(isNumericKey('a')).toBe(false);
    expect(isNumericKey('12')).toBe(false);
    expect(NOT_A_NUMBER_MESSAGE).toBe('Not a number');
  });

  it('isPrintable covers space to tilde', () => {
    expect(isPrintable(' Hello ~!')).toBe(true);
    expect(isPrintable('')).toBe(true);
    expect(isPrintable('tab\there')).toBe(false);
    expect(isPrintable('café')).toBe(false);
    expect(isPrintable('\x7F')).toBe(false);
  });
});

describe('formatFileSize', () => {
  it('B, KB or MB with two decimals', () => {
    expect(formatFileSize(0)).toBe('0.00 B');
    expect(formatFileSize(512)).toBe('512.00 B');
    expect(formatFileSize(1023)).toBe('1023.00 B');
    expect(formatFileSize(1024)).toBe('1.00 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.00 MB');
  });
});

describe('CSV helpers', () => {
  it('counts records without the header and blank lines', () => {
    expect(countCsvRecords('name,email\na,a@x.io\n\n   \nb,b@x.io\n')).toBe(2);
    expect(countCsvRecords('name,email\r\na,a@x.io\r\nb,b@x.io')).toBe(2);
    expect(countCsvRecords('name,email')).toBe(0);
    expect(countCsvRecords('')).toBe(0);
  });

  it('keeps quoted newlines inside one record', () => {
    expect(countCsvRecords('name,note\na,"line one\nline two"\nb,x')).toBe(2);
  });

  it('findCsvColumn is case-insensitive and trimmed', () => {
    const headers = ['\uFEFFUserId', ' Email ', 'Name'];
    expect(findCsvColumn(headers, 'email')).toBe(1);
    expect(findCsvColumn(headers, 'userid')).toBe(0);
    expect(findCsvColumn(headers, ' NAME ')).toBe(2);
    expect(findCsvColumn(headers, 'phone')).toBe(-1);
  });
});

describe('validateUserCreation', () => {
  const full = {
    userName: 'agent@example.com',
    applicationId: 'app1',
    password: 'Secret123',
    type: 1,
    roleType: '2',
  };

  it('accepts a complete payload', () => {
    expect(validateUserCreation(full)).toEqual({ ok: true });
  });

  it('reports missing mandatory fields', () => {
    for (const field of ['userName', 'applicationId', 'password', 'type', 'roleType'] as const) {
      const result = validateUserCreation({ ...full, [field]: undefined });
      expect(result).toMatchObject({ ok: false, message: MISSING_MANDATORY_FIELDS, field });
    }
    expect(validateUserCreation({ ...full, userName: '  ' }).ok).toBe(false);
    expect(MISSING_MANDATORY_FIELDS).toBe('missing mandatory fields');
  });

  it('password is optional for oauth', () => {
    expect(validateUserCreation({ ...full, password: undefined, loginType: 'oauth' })).toEqual({ ok: true });
    expect(validateUserCreation({ ...full, password: undefined, loginType: 'email' }).ok).toBe(false);
  });

  it('super admin role type 0 counts as present', () => {
    expect(validateUserCreation({ ...full, roleType: '0' }).ok).toBe(true);
    expect(validateUserCreation({ ...full, roleType: 0 }).ok).toBe(true);
  });
});

describe('domain blocking', () => {
  const blocked = `someone@${BLOCKED_EMAIL_DOMAINS[0]}`;

  it('has two domains, matched case-insensitively', () => {
    expect(BLOCKED_EMAIL_DOMAINS).toHaveLength(2);
    expect(isBlockedSignupDomain(blocked.toUpperCase())).toBe(true);
    expect(isBlockedSignupDomain('someone@example.com')).toBe(false);
    expect(isBlockedSignupDomain(null)).toBe(false);
  });
});

describe('other checks', () => {
  it('group id is required', () => {
    expect(validateGroupId('')).toMatchObject({ ok: false, message: 'GroupId id is required' });
    expect(validateGroupId(null).ok).toBe(false);
    expect(validateGroupId(12345).ok).toBe(true);
  });

  it('business hours need a day', () => {
    expect(validateBusinessHoursSelection([])).toMatchObject({ ok: false, message: 'Please select a date' });
    expect(validateBusinessHoursSelection(['monday'])).toEqual({ ok: true });
  });
});
