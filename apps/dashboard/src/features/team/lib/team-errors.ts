import { isApiError } from '../../../app/api/api-error';
import { toast, toastError } from '../../../app/toasts';
import { i18next } from '../../../i18n/i18n';

const KNOWN = [
  'CAN_NOT_CHANGE_ROLE',
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXIST',
  'INVITATION_ALREADY_SENT',
  'INVITATION_ALREADY_USED',
  'INVALID_INVITE',
  'INVITE_EMAIL_MISMATCH',
  'FORBIDDEN',
  'TEAM_ALREADY_EXISTS',
  'NO_COUNTRY_CODE',
  'INVALID',
] as const;
type KnownCode = (typeof KNOWN)[number];

export const isKnownCode = (code: string): code is KnownCode => (KNOWN as readonly string[]).includes(code);

/** The translated text for a team-administration error code, or null for others. */
export function teamErrorText(error: unknown): string | null {
  if (!isApiError(error) || !isKnownCode(error.code)) return null;
  return i18next.t(`errors.${error.code}`, { ns: 'team' });
}

/** Error toast: our codes in the reader's language, anything else through the shell's rules. */
export function toastTeamError(error: unknown): void {
  const text = teamErrorText(error);
  if (text === null) toastError(error);
  else toast.error(text);
}
