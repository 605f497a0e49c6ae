// "View original" on a message that arrived by e-mail (SPEC §7 .eml fetch and parse): the mail as
// received, read by the server (headers, text, sanitized HTML, attachments), and its .eml file.
// Loaded when first opened (email-original.tsx): /conversations does not carry it (issue 39).

import { formatFileSize } from '@convo/domain';
import { Alert, Box, Button, Code, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadEmailOriginal, fetchEmailOriginal } from '../api/inbox-api';
import { sanitizeMessageHtml } from '../lib/sanitize';

export function OriginalView({ groupId, messageId }: { groupId: number; messageId: number }) {
  const { t, i18n } = useTranslation('inbox');
  const [downloadFailed, setDownloadFailed] = useState(false);
  const query = useQuery({
    queryKey: ['email-original', groupId, messageId],
    queryFn: ({ signal }) => fetchEmailOriginal(groupId, messageId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (query.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('message.original.loading')}</Text>
      </Group>
    );
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('message.original.error')}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  const mail = query.data;
  const fields: [string, string][] = [
    [t('message.original.from'), mail.from],
    [t('message.original.to'), mail.to],
    ...(mail.cc ? ([[t('message.original.cc'), mail.cc]] as [string, string][]) : []),
    [t('message.original.subject'), mail.subject],
    [
      t('message.original.date'),
      mail.date === null ? '' : new Date(mail.date).toLocaleString(i18n.resolvedLanguage),
    ],
  ];
  return (
    <Stack gap="sm" data-testid="email-original">
      <Table withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          {fields.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={90} fz="sm" style={{ verticalAlign: 'top' }}>
                {label}
              </Table.Th>
              <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {mail.html !== null ? (
        <Box
          className="convo-message-html"
          fz="sm"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again here (SPEC §5)
          dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(mail.html) }}
        />
      ) : mail.text.trim() !== '' ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {mail.text}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('message.original.noBody')}
        </Text>
      )}
      {mail.attachments.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('message.original.attachments')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {mail.attachments
              .map((a) =>
                t('message.file', { name: a.filename || a.contentType, size: formatFileSize(a.size) }),
              )
              .join('\n')}
          </Text>
        </Stack>
      )}
      <details>
        <summary>
          <Text span size="sm">
            {t('message.original.headers')}
          </Text>
        </summary>
        <ScrollArea.Autosize mah={240}>
          <Code block fz="xs">
            {mail.headers.map((h) => `${h.name}: ${h.value}`).join('\n')}
          </Code>
        </ScrollArea.Autosize>
      </details>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('message.original.size', { size: formatFileSize(mail.size) })}
        </Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            setDownloadFailed(false);
            downloadEmailOriginal(groupId, messageId).catch(() => setDownloadFailed(true));
          }}
        >
          {t('message.original.download')}
        </Button>
      </Group>
      {downloadFailed && (
        <Text size="sm" c="red" role="alert">
          {t('message.original.error')}
        </Text>
      )}
    </Stack>
  );
}
