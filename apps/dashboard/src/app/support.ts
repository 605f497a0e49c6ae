// Support contact. The run-time config has no support address yet, so it is fixed here.

export const SUPPORT_EMAIL = 'support@convo.chat';

/** A mailto: link with subject and body (used where no server endpoint exists yet). */
export function mailtoLink(to: string, subject: string, body: string): string {
  return `mailto:${to}?${new URLSearchParams({ subject, body }).toString().replace(/\+/g, '%20')}`;
}
