// Help center → Customization (/helpcenter/customization): how the public site looks (title,
// colour, logo, favicon, header links, footer, languages shown), with a live preview of the real
// home page rendered by the server from the unsaved settings.

import {
  HELP_CENTER_LANGUAGES,
  HELP_CENTER_MAX_HEADER_LINKS,
  type HelpCenterCustomizationInput,
  type HelpCenterCustomizationView,
  type HelpCenterLanguage,
  helpCenterCustomizationSchema,
} from '@convo/api';
import { MAX_IMAGE_UPLOAD_BYTES } from '@convo/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  ColorInput,
  FileButton,
  Grid,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast, toastError } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { PageLoader, SectionLoader } from '../../../components/page-loader';
import {
  fetchCustomization,
  helpCenterKeys,
  previewCustomization,
  saveCustomization,
  uploadArticleImage,
} from '../help-center-api';
import { HELP_CENTER_CONTENT_PATH } from '../paths';

const NS = 'helpCenter';
const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

interface Draft {
  title: string;
  primaryColor: string;
  logo: { key: string; url: string } | null;
  favicon: { key: string; url: string } | null;
  headerLinks: { label: string; url: string }[];
  footerText: string;
  languages: HelpCenterLanguage[];
}

const toDraft = (v: HelpCenterCustomizationView): Draft => ({
  title: v.title,
  primaryColor: v.primaryColor,
  logo: v.logoKey && v.logoUrl ? { key: v.logoKey, url: v.logoUrl } : null,
  favicon: v.faviconKey && v.faviconUrl ? { key: v.faviconKey, url: v.faviconUrl } : null,
  headerLinks: v.headerLinks,
  footerText: v.footerText,
  languages: v.languages,
});

export const toRequest = (d: Draft): HelpCenterCustomizationInput => ({
  title: d.title,
  primaryColor: d.primaryColor,
  logoKey: d.logo?.key ?? null,
  faviconKey: d.favicon?.key ?? null,
  headerLinks: d.headerLinks,
  footerText: d.footerText,
  languages: d.languages,
});

/** The contract's own messages, by field ("headerLinks.0.url"), before anything is sent. */
export function draftErrors(d: Draft): Map<string, string> {
  const parsed = helpCenterCustomizationSchema.safeParse(toRequest(d));
  const errors = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (!errors.has(key)) errors.set(key, issue.message);
    }
  }
  return errors;
}

function ImageField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: Draft['logo'];
  onChange: (v: Draft['logo']) => void;
}) {
  const { t } = useTranslation(NS);
  const upload = useMutation({
    mutationFn: uploadArticleImage,
    onSuccess: (data) => onChange(data),
    onError: (error) => toastError(error),
  });
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
      toast.error(t('customization.tooLarge'));
      return;
    }
    upload.mutate(file);
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm">
        {value ? (
          <Image src={value.url} alt={label} h={36} w="auto" fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('customization.noImage')}
          </Text>
        )}
        <FileButton onChange={pick} accept={IMAGE_TYPES}>
          {(props) => (
            <Button
              size="xs"
              variant="light"
              loading={upload.isPending}
              aria-label={`${t('customization.upload')}: ${label}`}
              {...props}
            >
              {t('customization.upload')}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button size="xs" variant="subtle" color="red" onClick={() => onChange(null)}>
            {t('customization.remove')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

function Preview({ draft, valid }: { draft: Draft; valid: boolean }) {
  const { t } = useTranslation(NS);
  const body = useMemo(() => toRequest(draft), [draft]);
  const [debounced] = useDebouncedValue(body, 350);
  const preview = useQuery({
    queryKey: ['help-center', 'preview', debounced],
    queryFn: ({ signal }) => previewCustomization(debounced, signal),
    enabled: valid,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('customization.preview')}
        </Title>
        {!valid && (
          <Text size="xs" c="dimmed">
            {t('customization.previewInvalid')}
          </Text>
        )}
      </Group>
      {preview.data ? (
        // No scripts and an opaque origin: the page is shown, nothing in it runs.
        <iframe
          title={t('customization.previewFrame')}
          sandbox=""
          srcDoc={preview.data}
          data-testid="hc-preview"
          style={{
            width: '100%',
            height: 560,
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 8,
          }}
        />
      ) : preview.isError ? (
        <Text size="sm" c="red">
          {t('customization.previewFailed')}
        </Text>
      ) : (
        <SectionLoader label={t('customization.previewLoading')} />
      )}
    </Paper>
  );
}

export function CustomizationPage() {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: helpCenterKeys.customization,
    queryFn: ({ signal }) => fetchCustomization(signal),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (saved.data && draft === null) setDraft(toDraft(saved.data));
  }, [saved.data, draft]);
  const save = useMutation({
    mutationFn: (d: Draft) => saveCustomization(toRequest(d)),
    onSuccess: (data) => {
      queryClient.setQueryData(helpCenterKeys.customization, data);
      setDraft(toDraft(data));
      toast.success(t('saved'));
    },
    onError: (error) => toastError(error),
  });

  if (saved.isError) {
    return (
      <Stack gap="md" p="md">
        <PageHeader title={t('customization.title')} description={t('customization.description')} />
        <Group>
          <Text c="red">{t('loadFailed')}</Text>
          <Button variant="default" onClick={() => void saved.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!saved.data || !draft) return <PageLoader label={t('customization.loading')} />;

  const errors = draftErrors(draft);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  const setLink = (i: number, patch: Partial<Draft['headerLinks'][number]>) =>
    set(
      'headerLinks',
      draft.headerLinks.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );
  const dirty = JSON.stringify(toRequest(draft)) !== JSON.stringify(toRequest(toDraft(saved.data)));

  return (
    <Stack gap="md" p="md">
      <PageHeader
        title={t('customization.title')}
        description={t('customization.description')}
        actions={
          <>
            <Button variant="default" component={Link} to={HELP_CENTER_CONTENT_PATH}>
              {t('customization.content')}
            </Button>
            <Button variant="default" component="a" href={saved.data.siteUrl} target="_blank" rel="noopener">
              {t('viewSite')}
            </Button>
          </>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (errors.size === 0) save.mutate(draft);
              }}
            >
              <Stack gap="md">
                <TextInput
                  label={t('customization.siteTitle')}
                  description={t('customization.siteTitleHint')}
                  value={draft.title}
                  maxLength={80}
                  onChange={(e) => set('title', e.currentTarget.value)}
                  error={errors.get('title')}
                />
                <ColorInput
                  label={t('customization.color')}
                  format="hex"
                  value={draft.primaryColor}
                  onChange={(v) => set('primaryColor', v)}
                  error={errors.get('primaryColor') ? t('customization.colorInvalid') : undefined}
                />
                <ImageField
                  label={t('customization.logo')}
                  hint={t('customization.imageHint')}
                  value={draft.logo}
                  onChange={(v) => set('logo', v)}
                />
                <ImageField
                  label={t('customization.favicon')}
                  hint={t('customization.imageHint')}
                  value={draft.favicon}
                  onChange={(v) => set('favicon', v)}
                />
                <Stack gap="xs">
                  <Text size="sm" fw={500}>
                    {t('customization.links')}
                  </Text>
                  {draft.headerLinks.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('customization.noLinks')}
                    </Text>
                  )}
                  {draft.headerLinks.map((link, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; order is their identity
                    <Group key={i} gap="xs" align="flex-start" wrap="wrap">
                      <TextInput
                        style={{ flex: '1 1 120px' }}
                        aria-label={t('customization.linkLabel', { n: i + 1 })}
                        placeholder={t('customization.linkLabelPlaceholder')}
                        value={link.label}
                        maxLength={40}
                        onChange={(e) => setLink(i, { label: e.currentTarget.value })}
                        error={errors.get(`headerLinks.${i}.label`)}
                      />
                      <TextInput
                        style={{ flex: '2 1 200px' }}
                        aria-label={t('customization.linkUrl', { n: i + 1 })}
                        placeholder="https://"
                        value={link.url}
                        onChange={(e) => setLink(i, { url: e.currentTarget.value })}
                        error={errors.get(`headerLinks.${i}.url`) ? t('customization.urlInvalid') : undefined}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={t('customization.removeLink', { n: i + 1 })}
                        onClick={() =>
                          set(
                            'headerLinks',
                            draft.headerLinks.filter((_, j) => j !== i),
                          )
                        }
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  ))}
                  <Group>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={draft.headerLinks.length >= HELP_CENTER_MAX_HEADER_LINKS}
                      onClick={() => set('headerLinks', [...draft.headerLinks, { label: '', url: '' }])}
                    >
                      {t('customization.addLink')}
                    </Button>
                    <Text size="xs" c="dimmed">
                      {t('customization.linksHint', { max: HELP_CENTER_MAX_HEADER_LINKS })}
                    </Text>
                  </Group>
                </Stack>
                <Textarea
                  label={t('customization.footer')}
                  autosize
                  minRows={2}
                  maxLength={500}
                  value={draft.footerText}
                  onChange={(e) => set('footerText', e.currentTarget.value)}
                  error={errors.get('footerText')}
                />
                <Checkbox.Group
                  label={t('customization.languages')}
                  description={t('customization.languagesHint')}
                  value={draft.languages}
                  onChange={(v) =>
                    set(
                      'languages',
                      HELP_CENTER_LANGUAGES.filter((l) => v.includes(l)),
                    )
                  }
                  error={errors.get('languages') ? t('customization.languagesRequired') : undefined}
                >
                  <Group gap="md" mt={6}>
                    {HELP_CENTER_LANGUAGES.map((l) => (
                      <Checkbox key={l} value={l} label={t(`languages.${l}`)} />
                    ))}
                  </Group>
                </Checkbox.Group>
                <Group>
                  <Button type="submit" loading={save.isPending} disabled={errors.size > 0 || !dirty}>
                    {t('save')}
                  </Button>
                  <Button
                    variant="default"
                    disabled={!dirty || save.isPending}
                    onClick={() => setDraft(toDraft(saved.data))}
                  >
                    {t('customization.reset')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Preview draft={draft} valid={errors.size === 0} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
