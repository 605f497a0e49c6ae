// The knowledge-source section's place in the builder. The knowledge screens are written beside
// this one (features/bots/knowledge/KnowledgeSection.tsx); at merge this renders
// <KnowledgeSection botId={botId} /> instead of the explanation.

import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function KnowledgeSlot({ botId }: { botId: string }) {
  const { t } = useTranslation('botBuilder');
  return (
    <Text size="sm" c="dimmed" data-bot-id={botId}>
      {t('knowledge.explain')}
    </Text>
  );
}
