import { formatFileSize } from '@convo/domain';
import { Alert, Anchor, Box, Button, Code, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isApiError } from '../../app/api/api-error';
import { useConfig } from '../../app/config/config-store';
import { translateMessage } from '../../app/translate-message';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { fetchDocumentPreview, previewKind } from './document-preview-api';

/** The file's bytes as an object URL of the stated type (the file route sends PDFs as downloads). */
function useObjectUrl(url: string | null, type: string): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    let made: string | null = null;
    fetch(url, { signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        made = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type }));
        setState({ src: made, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, type]);
  return state;
}

function useText(url: string | null): { text: string | null; failed: boolean } {
  const [state, setState] = useState<{ text: string | null; failed: boolean }>({ text: null, failed: false });
  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        setState({ text: await res.text(), failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ text: null, failed: true });
      });
    return () => controller.abort();
  }, [url]);
  return state;
}

function Body({
  fileUrl,
  name,
  contentType,
  size,
}: {
  fileUrl: string;
  name: string;
  contentType: string;
  size: number;
}) {
  const { t } = useTranslation('routes');
  const kind = previewKind(contentType, size);
  const pdf = useObjectUrl(kind === 'pdf' ? fileUrl : null, 'application/pdf');
  const text = useText(kind === 'text' ? fileUrl : null);
  const failed = <Text c="dimmed">{t('documentPreview.previewFailed')}</Text>;
  switch (kind) {
    case 'image':
      return <Image src={fileUrl} alt={name} fit="contain" mah="70vh" data-testid="document-preview-image" />;
    case 'pdf':
      if (pdf.failed) return failed;
      return pdf.src === null ? (
        <PageLoader minHeight="200px" />
      ) : (
        <iframe
          title={name}
          src={pdf.src}
          style={{ width: '100%', height: '70vh', border: 0 }}
          data-testid="document-preview-pdf"
        />
      );
    case 'text':
      if (text.failed) return failed;
      return text.text === null ? (
        <PageLoader minHeight="200px" />
      ) : (
        <Code
          block
          style={{ maxHeight: '70vh', overflow: 'auto', whiteSpace: 'pre-wrap' }}
          data-testid="document-preview-text"
        >
          {text.text}
        </Code>
      );
    case 'none':
      return <Text c="dimmed">{t('documentPreview.noPreview')}</Text>;
  }
}

/**
 * /document-preview?applicationId=…&key=…&expires=…&signature=…: a file shared by a signed link
 * (the inbox's "Copy preview link"), shown to anyone who has the link until it expires.
 */
export function DocumentPreviewPage() {
  const { t, ready } = useTranslation('routes');
  const { t: tc } = useTranslation();
  const { variant } = useConfig();
  const { search } = useLocation();
  const preview = useQuery({
    queryKey: ['document-preview', search],
    queryFn: () => fetchDocumentPreview(search),
    retry: false,
  });
  if (!ready) return <PageLoader minHeight="100vh" />;
  return (
    <Box component="main" p={{ base: 'sm', sm: 'xl' }} maw={1100} mx="auto">
      <Stack gap="md">
        <Logo variant={variant} />
        {preview.isPending && <PageLoader minHeight="200px" />}
        {preview.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t('documentPreview.failedTitle')}
            data-testid="document-preview-error"
          >
            {isApiError(preview.error) && preview.error.status < 500
              ? t('documentPreview.gone')
              : isApiError(preview.error)
                ? translateMessage(preview.error.message)
                : tc('messages.genericRetry')}
          </Alert>
        )}
        {preview.data && (
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
                    {preview.data.name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('documentPreview.facts', {
                      size: formatFileSize(preview.data.size),
                      date: new Date(preview.data.expiresAt).toLocaleString(),
                    })}
                  </Text>
                </Stack>
                <Button component="a" href={preview.data.fileUrl} download={preview.data.name}>
                  {t('documentPreview.download')}
                </Button>
              </Group>
              <Body {...preview.data} />
            </Stack>
          </Paper>
        )}
        <Anchor href="/" size="sm">
          {t('documentPreview.home')}
        </Anchor>
      </Stack>
    </Box>
  );
}
