// The signing secret, shown once: after a webhook is added (Webhooks) or its secret rotated
// (Webhooks security). Closing the dialog drops it; the lists show only its last 4 characters.

import type { WebhookWithSecret } from '@convo/api';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CopyIcon } from '../../components/icons';

const NS = 'webhooks';

export function SecretModal({
  webhook,
  explain,
  onClose,
}: {
  webhook: WebhookWithSecret;
  /** What happened, in the reader's words (added, or rotated). */
  explain?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('secret.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      centered
    >
      <Stack>
        <Text size="sm">{explain ?? t('secret.explain', { url: webhook.url })}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code data-testid="webhook-secret" style={{ wordBreak: 'break-all', flex: 1 }}>
            {webhook.secret}
          </Code>
          <CopyButton value={webhook.secret} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('secret.copied') : t('secret.copy')}>
                <ActionIcon variant="default" size="lg" onClick={copy} aria-label={t('secret.copy')}>
                  {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Alert color="yellow" variant="light">
          {t('secret.once')}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('secret.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
