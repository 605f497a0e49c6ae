import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from './use-realtime';

/** Shown while the real-time connection is down after having worked; it reconnects on its own. */
export function ConnectionBanner() {
  const { t } = useTranslation('inbox');
  const state = useConnectionState();
  if (state !== 'lost') return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="connection-lost" mb="sm" py={6}>
      {t('connection.lost')}
    </Alert>
  );
}
