import { RELEASE_VERSION, STORAGE_MODAL_WIDTH_PX } from '@convo/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { mailtoLink, SUPPORT_EMAIL } from '../support';
import { storage } from './safe-storage';
import { usageByKey } from './safe-storage-core';
import { ESSENTIAL_KEYS } from './storage-keys';

/** "Browser storage full" (loaded when the storage first reports its quota exceeded, see storage-full.tsx). */
export function StorageFullModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();

  const report = () => {
    const usage = usageByKey(storage)
      .slice(0, 20)
      .map(({ key, size }) => `${key}: ${size}`)
      .join('\n');
    const body = `${t('storageFull.reportBody')}\n\n${t('errorScreen.report.release')}: ${RELEASE_VERSION}\n${usage}`;
    window.location.href = mailtoLink(SUPPORT_EMAIL, t('storageFull.title'), body);
  };

  const clear = () => {
    storage.clearExcept(ESSENTIAL_KEYS);
    window.location.reload();
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      title={t('storageFull.title')}
      size={STORAGE_MODAL_WIDTH_PX}
      centered
    >
      <Stack>
        <Text>{t('storageFull.body')}</Text>
        <Text size="sm" c="dimmed">
          {t('storageFull.clearHint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="light" onClick={report}>
            {t('storageFull.report')}
          </Button>
          <Button color="red" onClick={clear}>
            {t('storageFull.clear')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
