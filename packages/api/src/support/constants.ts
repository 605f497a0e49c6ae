// @convo/api/support/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/support with
// `import type`, which the bundle never holds.

export * from './error-report-constants.js';

// support-tickets.ts

export const SUPPORT_TICKET_PATHS = {
  publicTickets: '/api/public/support-tickets',
  publicTypes: '/api/public/support-ticket-types',
  tickets: '/api/support-tickets',
  ticket: '/api/support-tickets/:id',
  replies: '/api/support-tickets/:id/replies',
  status: '/api/support-tickets/:id/status',
  types: '/api/support-ticket-types',
} as const;

export const supportTicketPath = (id: string) => `/api/support-tickets/${encodeURIComponent(id)}`;
