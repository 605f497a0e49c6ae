// Support tickets (SPEC §2 /help: visitors get a support-ticket form; §7 issue type create and
// list; §1 states: support ticket 0 open, 2 solved).

// The states themselves are SUPPORT_TICKET_STATUS in statuses.ts.

export const SUPPORT_TICKET_LIMITS = {
  name: 120,
  email: 254,
  subject: 200,
  description: 5000,
  reply: 5000,
  typeName: 60,
  /** Issue types an application may define. */
  types: 50,
} as const;

/** A short reference people can quote in mail ("#A1B2C3"), from the ticket's id. */
export function ticketReference(id: string): string {
  return `#${id.replace(/-/g, '').slice(0, 6).toUpperCase()}`;
}
