// A knowledge source's failure the admin can act on: its message is stored on the source and shown
// as is (a wrong file type, an encrypted PDF, an unreachable page). Anything else is our bug or an
// outage and is reported generically.
export class KnowledgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KnowledgeError';
  }
}
