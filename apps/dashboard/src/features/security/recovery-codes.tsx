import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/toasts';

/** Recovery codes, shown once after set-up or regeneration. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  return (
    <Alert color="yellow" variant="light" title={t('setup.recoveryTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('setup.recoveryBody')}</Text>
        <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
          {codes.map((c) => (
            <Code key={c} fz="md">
              {c}
            </Code>
          ))}
        </SimpleGrid>
        <Group>
          <Button
            variant="default"
            onClick={() =>
              void navigator.clipboard
                .writeText(codes.join('\n'))
                .then(() => toast.success(t('setup.copied')))
            }
          >
            {t('setup.copy')}
          </Button>
          <Button onClick={onDone}>{t('setup.done')}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
