import { useTranslation } from 'react-i18next';
import { CenteredNotice } from './centered-notice';

export function ConversationNotFound({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <CenteredNotice
      testId="conversation-not-found"
      title={t('conversation.notFound')}
      help={t('conversation.notFoundHelp')}
      action={t('conversation.backToList')}
      onAction={onBack}
    />
  );
}
