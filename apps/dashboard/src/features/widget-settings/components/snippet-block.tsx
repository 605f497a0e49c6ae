import { Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CopyIcon } from '../../../components/icons';
import { NS } from '../pages/section-page';

interface SnippetBlockProps {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  code: string;
  /** Accessible name of the copy button, e.g. 'Copy the Script code'. */
  copyLabel: string;
  /** Below the code: what the block lets the admin do with it (a download, a test event). */
  footer?: ReactNode;
}

/** A titled block of code with a copy button. */
export function SnippetBlock({ id, title, description, code, copyLabel, footer }: SnippetBlockProps) {
  const { t } = useTranslation(NS);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={`${id}-title`}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="h5" id={`${id}-title`}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          <CopyButton value={code} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
                onClick={copy}
                aria-label={copyLabel}
                data-testid={`copy-${id}`}
                style={{ flexShrink: 0 }}
              >
                {copied ? t('common.copied') : t('common.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Code
          block
          data-testid={`snippet-${id}`}
          style={{ whiteSpace: 'pre', overflowX: 'auto', fontSize: 12 }}
        >
          {code}
        </Code>
        {footer}
      </Stack>
    </Paper>
  );
}
