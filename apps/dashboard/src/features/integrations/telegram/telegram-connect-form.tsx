import type { Integration } from '@convo/api';
import { useTranslation } from 'react-i18next';
import { BotTokenConnectForm } from '../credentials-connect-form';
import { NS } from '../shared';

/** The bot token from @BotFather: checked with Telegram by the server, stored sealed, never shown again. */
export function TelegramConnectForm({ integration }: { integration: Integration }) {
  const { t } = useTranslation(NS);
  return (
    <BotTokenConnectForm
      integration={integration}
      type="telegram"
      placeholder={t('telegram.tokenPlaceholder')}
      testId="telegram-bot-token"
    />
  );
}
