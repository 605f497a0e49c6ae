import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reconnectNow, useConnectionState } from './use-realtime';

/**
 * Shown while the real-time connection is down after having worked: it reconnects on its own
 * (at most 10 s apart), or at once with "retry now". The screens keep what they last showed.
 */
export function ConnectionBanner() {
  const { t } = useTranslation('inbox');
  const state = useConnectionState();
  if (state !== 'lost') return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="connection-lost" mb="sm" py={6}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{t('connection.lost')}</Text>
        <Button
          size="compact-sm"
          variant="light"
          color="yellow"
          onClick={reconnectNow}
          data-testid="retry-now"
        >
          {t('connection.retryNow')}
        </Button>
      </Group>
    </Alert>
  );
}
