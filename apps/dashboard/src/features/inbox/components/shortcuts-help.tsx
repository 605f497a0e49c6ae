// The keyboard shortcuts' help ("?"), loaded when first asked for.

import { Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from '../lib/keyboard';

export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <Modal opened onClose={onClose} title={t('shortcuts.title')}>
      <Table>
        <Table.Tbody>
          {SHORTCUTS.map((s) => (
            <Table.Tr key={s.key}>
              <Table.Td>
                <Kbd>{s.key}</Kbd>
              </Table.Td>
              <Table.Td>{t(`shortcuts.${s.action}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack mt="sm">
        <Text size="xs" c="dimmed">
          {t('shortcuts.helpText')}
        </Text>
      </Stack>
    </Modal>
  );
}
