import { type Integration, lineConnectRequestSchema } from '@convo/api';
import { useTranslation } from 'react-i18next';
import { ConnectForm } from '../credentials-connect-form';
import { NS } from '../shared';

/**
 * The LINE channel's access token and secret (LINE Developers console): checked with LINE by the
 * server, stored sealed, never shown again.
 */
export function LineConnectForm({ integration }: { integration: Integration }) {
  const { t } = useTranslation(NS);
  return (
    <ConnectForm
      integration={integration}
      type="line"
      howTo={t('line.howTo')}
      fields={[
        {
          name: 'channelAccessToken',
          input: 'password',
          label: t('line.accessToken'),
          description: t('line.stored'),
          maxLength: 500,
          testId: 'line-access-token',
          invalid: t('line.accessTokenInvalid'),
        },
        {
          name: 'channelSecret',
          input: 'password',
          label: t('line.secret'),
          placeholder: '0123456789abcdef…',
          maxLength: 64,
          testId: 'line-channel-secret',
          invalid: t('line.secretInvalid'),
        },
      ]}
      schema={lineConnectRequestSchema}
      connectLabel={t('line.connect')}
      reconnectLabel={t('line.reconnect')}
    />
  );
}
