import type { KnowledgeErrorCode } from '@convo/api';

// A knowledge source's failure the admin can act on: its message is stored on the source and shown
// as is (a wrong file type, an encrypted PDF, an unreachable page). Anything else is our bug or an
// outage and is reported generically. A failure with a detail (a file over a parse limit) is
// shown in the dashboard's language from its code and numbers; the message is its English form.

export interface KnowledgeErrorDetail {
  code: KnowledgeErrorCode;
  params: Record<string, number>;
}

export class KnowledgeError extends Error {
  constructor(
    message: string,
    readonly detail: KnowledgeErrorDetail | null = null,
  ) {
    super(message);
    this.name = 'KnowledgeError';
  }
}
