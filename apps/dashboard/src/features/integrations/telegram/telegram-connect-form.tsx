import { type Integration, telegramConnectRequestSchema } from '@convo/api';
import { useTranslation } from 'react-i18next';
import { ConnectForm } from '../credentials-connect-form';
import { NS } from '../shared';

/** The bot token from @BotFather: checked with Telegram by the server, stored sealed, never shown again. */
export function TelegramConnectForm({ integration }: { integration: Integration }) {
  const { t } = useTranslation(NS);
  const connected = integration.status !== 'not_connected';
  return (
    <ConnectForm
      integration={integration}
      type="telegram"
      howTo={t('telegram.howTo')}
      fields={[
        {
          name: 'botToken',
          input: 'password',
          label: connected ? t('telegram.newToken') : t('telegram.token'),
          placeholder: t('telegram.tokenPlaceholder'),
          description: t('telegram.tokenStored'),
          maxLength: 200,
          testId: 'telegram-bot-token',
          invalid: t('telegram.tokenInvalid'),
        },
      ]}
      schema={telegramConnectRequestSchema}
      connectLabel={t('telegram.connect')}
      reconnectLabel={t('telegram.reconnect')}
    />
  );
}
