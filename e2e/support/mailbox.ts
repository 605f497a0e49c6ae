import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEV_MAILBOX_KEY_HEADER, devMailboxKey } from '../../apps/server/src/modules/dev-mailbox/access';
import { E2E_DATA_DIR } from './e2e-server';

// The local outbox is the operator's: the tests read it as the operator does, from this machine
// with the key the server derives from its secret (generated into the data directory at start).

function key(): string {
  return devMailboxKey(readFileSync(path.join(E2E_DATA_DIR, 'app-secret'), 'utf8').trim());
}

/** The page as the link printed at start opens it. */
export const mailboxPage = () => `/dev/mailbox#key=${key()}`;

/** Headers for `GET /api/dev/mailbox`. */
export const mailboxHeaders = () => ({ [DEV_MAILBOX_KEY_HEADER]: key() });
