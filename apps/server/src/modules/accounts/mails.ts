import type { OutgoingMail } from '../../platform/mail/outbox-repository.js';

// The account mails, plain text first (the dev mailbox shows text) with a simple HTML twin.

function html(lines: string[], link: string, linkText: string): string {
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `${lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p><a href="${esc(link)}">${esc(linkText)}</a></p>`;
}

export function validationMail(
  publicUrl: string,
  to: string,
  name: string,
  code: string,
  applicationId: string,
): OutgoingMail {
  const link = `${publicUrl}/email/validate?code=${encodeURIComponent(code)}`;
  const lines = [`Hi ${name},`, 'Please confirm your e-mail address by opening this link:'];
  return {
    to,
    applicationId,
    subject: 'Verify your e-mail address',
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not sign up, ignore this mail.`,
    html: html(lines, link, 'Verify my e-mail address'),
  };
}

export function passwordResetMail(
  publicUrl: string,
  to: string,
  name: string,
  code: string,
  applicationId: string,
): OutgoingMail {
  const link = `${publicUrl}/password/update?userName=${encodeURIComponent(to)}&code=${encodeURIComponent(code)}`;
  const lines = [
    `Hi ${name},`,
    `Your password reset code is ${code}. It is valid for 30 minutes.`,
    'Or open this link to choose a new password:',
  ];
  return {
    to,
    applicationId,
    subject: 'Reset your password',
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not ask for this, ignore this mail.`,
    html: html(lines, link, 'Choose a new password'),
  };
}

export function emailChangeMail(
  publicUrl: string,
  to: string,
  name: string,
  token: string,
  applicationId: string,
): OutgoingMail {
  const link = `${publicUrl}/email/update?token=${encodeURIComponent(token)}`;
  const lines = [
    `Hi ${name},`,
    `You asked to sign in with ${to} from now on. Open this link within 24 hours to confirm the change:`,
  ];
  return {
    to,
    applicationId,
    subject: 'Confirm your new sign-in e-mail',
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not ask for this, ignore this mail: nothing changes.`,
    html: html(lines, link, 'Confirm my new e-mail'),
  };
}
