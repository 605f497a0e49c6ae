import type { OutgoingMail } from '../../platform/mail/outbox-repository.js';

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The invite mail: who invited, to which company, and the sign-up link carrying the token. */
export function inviteMail(input: {
  publicUrl: string;
  to: string;
  companyName: string;
  inviterName: string;
  token: string;
  applicationId: string;
  validDays: number;
}): OutgoingMail {
  const link = `${input.publicUrl}/signup?inviteToken=${encodeURIComponent(input.token)}`;
  const lines = [
    'Hi,',
    `${input.inviterName} invited you to join ${input.companyName} to answer its customer conversations.`,
    `Open this link to create your account (valid for ${input.validDays} days):`,
  ];
  return {
    to: input.to,
    applicationId: input.applicationId,
    subject: `Join ${input.companyName}`,
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not expect this, ignore this mail.`,
    html: `${lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p><a href="${esc(link)}">Accept the invitation</a></p>`,
  };
}
