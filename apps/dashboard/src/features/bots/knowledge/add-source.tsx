import { KNOWLEDGE_DEFAULT_PAGE_LIMIT, KNOWLEDGE_MAX_PAGE_LIMIT } from '@convo/api';
import { Button, FileButton, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type DragEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HELP_CENTER_CONTENT_PATH } from '../../help-center/paths';
import { DOCUMENT_ACCEPT } from './knowledge-api';

/** http(s) addresses only, as the server checks. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Drop zone and file button for documents (PDF, DOCX, TXT, MD, HTML). */
export function DocumentDrop({
  uploading,
  onFiles,
}: {
  uploading: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation('knowledge');
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        background: over ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Stack gap="xs" align="center">
        <Text size="sm" ta="center">
          {t('upload.drop')}
        </Text>
        <Text size="xs" c="dimmed" ta="center">
          {t('upload.hint')}
        </Text>
        <FileButton
          onChange={(files) => files.length > 0 && onFiles(files)}
          accept={DOCUMENT_ACCEPT}
          multiple
        >
          {(props) => (
            <Button {...props} loading={uploading} variant="light">
              {t('upload.choose')}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Paper>
  );
}

/** One address (a page) to index. */
export function AddUrlForm({
  pending,
  onAdd,
}: {
  pending: boolean;
  onAdd: (url: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('knowledge');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isWebAddress(url)) {
      setError(t('url.invalid'));
      return;
    }
    setError(null);
    try {
      await onAdd(url.trim());
      setUrl('');
    } catch {
      // The caller has shown the error; the address stays for a fix.
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" wrap="wrap" gap="xs">
        <TextInput
          label={t('url.label')}
          placeholder="https://example.com/help"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 240px' }}
          type="url"
        />
        <Button type="submit" loading={pending} mt={{ base: 0, xs: 25 }}>
          {t('url.add')}
        </Button>
      </Group>
    </form>
  );
}

/** A sitemap (or sitemap index) crawled up to a page limit. */
export function AddSitemapForm({
  pending,
  onAdd,
}: {
  pending: boolean;
  onAdd: (url: string, pageLimit: number) => Promise<unknown>;
}) {
  const { t } = useTranslation('knowledge');
  const [url, setUrl] = useState('');
  const [limit, setLimit] = useState<number>(KNOWLEDGE_DEFAULT_PAGE_LIMIT);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isWebAddress(url)) {
      setError(t('url.invalid'));
      return;
    }
    setError(null);
    try {
      await onAdd(url.trim(), limit);
      setUrl('');
    } catch {
      // Shown by the caller.
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" wrap="wrap" gap="xs">
        <TextInput
          label={t('sitemap.label')}
          placeholder="https://example.com/sitemap.xml"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 240px' }}
          type="url"
        />
        <NumberInput
          label={t('sitemap.pageLimit')}
          value={limit}
          onChange={(value) => setLimit(typeof value === 'number' ? value : KNOWLEDGE_DEFAULT_PAGE_LIMIT)}
          min={1}
          max={KNOWLEDGE_MAX_PAGE_LIMIT}
          clampBehavior="strict"
          allowDecimal={false}
          w={130}
        />
        <Button type="submit" loading={pending} mt={{ base: 0, xs: 25 }}>
          {t('sitemap.add')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The help center's published articles as a source (SPEC §2 imported help-center FAQ): imported once
 * per bot, then kept in sync by the server; the articles themselves are edited in the help center.
 */
export function ImportHelpCenter({
  imported,
  pending,
  onImport,
}: {
  imported: boolean;
  pending: boolean;
  onImport: () => void;
}) {
  const { t } = useTranslation('knowledge');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('helpCenter.title')}
        </Text>
        <Text size="xs" c="dimmed">
          {imported ? t('helpCenter.imported') : t('helpCenter.hint')}
        </Text>
        <Group gap="xs">
          {!imported && (
            <Button variant="light" loading={pending} onClick={onImport}>
              {t('helpCenter.import')}
            </Button>
          )}
          <Button component={Link} to={HELP_CENTER_CONTENT_PATH} variant="subtle">
            {t('helpCenter.edit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
