import { type Integration, viberConnectRequestSchema } from '@convo/api';
import { useTranslation } from 'react-i18next';
import { ConnectForm } from '../credentials-connect-form';
import { NS } from '../shared';

/** The Viber bot's token (Viber Admin Panel): checked with Viber by the server, stored sealed, never shown again. */
export function ViberConnectForm({ integration }: { integration: Integration }) {
  const { t } = useTranslation(NS);
  const connected = integration.status !== 'not_connected';
  return (
    <ConnectForm
      integration={integration}
      type="viber"
      howTo={t('viber.howTo')}
      fields={[
        {
          name: 'authToken',
          input: 'password',
          label: connected ? t('viber.newToken') : t('viber.token'),
          placeholder: '4453b6ac12345678-e02603a1…',
          description: t('viber.tokenStored'),
          maxLength: 200,
          testId: 'viber-auth-token',
          invalid: t('viber.tokenInvalid'),
        },
      ]}
      schema={viberConnectRequestSchema}
      connectLabel={t('viber.connect')}
      reconnectLabel={t('viber.reconnect')}
    />
  );
}
