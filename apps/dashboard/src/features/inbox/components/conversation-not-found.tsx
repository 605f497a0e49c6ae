import { Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ConversationNotFound({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <Center h="100%" p="md">
      <Stack align="center" gap="xs" data-testid="conversation-not-found">
        <Text fw={600}>{t('conversation.notFound')}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('conversation.notFoundHelp')}
        </Text>
        <Button variant="light" size="xs" onClick={onBack}>
          {t('conversation.backToList')}
        </Button>
      </Stack>
    </Center>
  );
}
