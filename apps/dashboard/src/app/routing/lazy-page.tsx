// Route-level code splitting. A chunk that fails (or takes over CHUNK_LOAD_TIMEOUT_MS) usually
// means a new release replaced the files: the user gets an info toast asking to refresh.

import { CHUNK_LOAD_TIMEOUT_MS } from '@convo/domain';
import { Button, Center, Stack, Text } from '@mantine/core';
import { type ComponentType, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../i18n/i18n';
import { reportError } from '../errors/error-reporting';
import { toast } from '../toasts';
import { asChunkError, chunkFailureKind, withTimeout } from './chunk-errors';

export function notifyNewerVersion(): void {
  toast.info(i18next.t('messages.newVersionAvailable'), { id: 'newer-version' });
}

function ChunkLoadFailed() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="md">
      <Stack align="center">
        <Text>{t('messages.newVersionAvailable')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.refresh')}</Button>
      </Stack>
    </Center>
  );
}

/** React.lazy for a page with a named export; failure shows the newer-version notice, not a crash. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(async () => {
    try {
      return { default: await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS) };
    } catch (error) {
      console.error('Chunk load failed', error);
      reportError(asChunkError(error), chunkFailureKind(error));
      notifyNewerVersion();
      return { default: ChunkLoadFailed as ComponentType<P> };
    }
  });
}
