import type { Integration } from '@convo/api';
import { BotTokenConnectForm } from '../credentials-connect-form';

/** The Viber bot's token (Viber Admin Panel): checked with Viber by the server, stored sealed, never shown again. */
export const ViberConnectForm = ({ integration }: { integration: Integration }) => (
  <BotTokenConnectForm
    integration={integration}
    type="viber"
    placeholder="4453b6ac12345678-e02603a1…"
    testId="viber-auth-token"
  />
);
