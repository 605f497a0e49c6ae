// Help center → Content (/helpcenter/content, and /faq): the articles with search, filters and bulk
// publish/unpublish/delete, the categories beside them, and the public site's settings.

import {
  ARTICLE_STATUSES,
  type ArticleStatus,
  HELP_CENTER_LANGUAGES,
  type HelpCenterLanguage,
  type HelpCenterSite,
} from '@convo/api';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { canOpen } from '../../../app/routing/use-landing';
import { useSession } from '../../../app/session/session-store';
import { toast, toastError } from '../../../app/toasts';
import { FormModal } from '../../../components/form-modal';
import { PageHeader } from '../../../components/page-header';
import { SectionLoader } from '../../../components/page-loader';
import { UpgradeNotice, useLockedFeature } from '../../billing/components/feature-gate';
import { formatDate } from '../../team/components/shared';
import { CategoriesPanel } from '../categories/categories-panel';
import {
  type ArticleQuery,
  bulkArticles,
  fetchArticles,
  fetchCategories,
  fetchSite,
  helpCenterKeys,
  updateSite,
} from '../help-center-api';
import {
  HELP_CENTER_ANSWER_BOT_PATH,
  HELP_CENTER_CONTENT_PATH,
  HELP_CENTER_CUSTOMIZATION_PATH,
} from '../paths';
import { ArticleOrderButtons, movable } from './article-order';

const NS = 'helpCenter';
const PAGE_SIZE = 50;

function SiteModal({
  site,
  opened,
  onClose,
}: {
  site: HelpCenterSite;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { domain: site.domain ?? '', defaultLanguage: site.defaultLanguage },
  });
  const domainLocked = useLockedFeature('customDomain') !== null;
  const save = useMutation({
    mutationFn: (v: { domain: string; defaultLanguage: HelpCenterLanguage }) =>
      updateSite({
        domain: v.domain.trim() === '' ? null : v.domain.trim(),
        defaultLanguage: v.defaultLanguage,
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(helpCenterKeys.site, data);
      toast.success(t('saved'));
      onClose();
    },
    onError: (error) =>
      isApiError(error) && error.code === 'DOMAIN_TAKEN'
        ? toast.error(t('site.domainTaken'))
        : toastError(error),
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('site.title')}
      onSubmit={form.onSubmit((v) => save.mutate(v))}
      submitLabel={t('save')}
      busy={save.isPending}
    >
      <Text size="sm">
        {t('site.address')}:{' '}
        <Anchor href={site.siteUrl} target="_blank">
          {site.siteUrl}
        </Anchor>
      </Text>
      <TextInput
        label={t('site.domain')}
        description={t('site.domainHint')}
        placeholder="help.example.com"
        maxLength={253}
        // A plan without custom domains may still clear the one it has.
        disabled={domainLocked && !site.domain}
        {...form.getInputProps('domain')}
      />
      <UpgradeNotice feature="customDomain" />
      <Select
        label={t('site.defaultLanguage')}
        data={HELP_CENTER_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        allowDeselect={false}
        {...form.getInputProps('defaultLanguage')}
      />
    </FormModal>
  );
}

export function ArticlesPage() {
  const { t, i18n } = useTranslation(NS);
  const queryClient = useQueryClient();
  const session = useSession();
  const canCustomize = canOpen(session, HELP_CENTER_CUSTOMIZATION_PATH);
  const canAnswerBot = canOpen(session, HELP_CENTER_ANSWER_BOT_PATH);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<ArticleStatus | null>(null);
  const [language, setLanguage] = useState<HelpCenterLanguage | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [siteOpen, setSiteOpen] = useState(false);

  const query: ArticleQuery = {
    q: q || undefined,
    status: status ?? undefined,
    language: language ?? undefined,
    categoryId: categoryId ?? undefined,
    limit: PAGE_SIZE,
    offset,
  };
  const articles = useQuery({
    queryKey: helpCenterKeys.articles(query),
    queryFn: ({ signal }) => fetchArticles(query, signal),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({
    queryKey: helpCenterKeys.categories,
    queryFn: ({ signal }) => fetchCategories(signal),
  });
  const site = useQuery({ queryKey: helpCenterKeys.site, queryFn: ({ signal }) => fetchSite(signal) });
  const categoryName = new Map((categories.data ?? []).map((c) => [c.id, c.name]));

  const bulk = useMutation({
    mutationFn: (action: 'publish' | 'unpublish' | 'delete') => bulkArticles({ action, ids: [...selected] }),
    onSuccess: (data) => {
      setSelected(new Set());
      void queryClient.invalidateQueries({ queryKey: helpCenterKeys.all });
      toast.success(t('articles.bulkDone', { count: data.changed }));
    },
    onError: (error) => toastError(error),
  });
  const confirmBulkDelete = () =>
    modals.openConfirmModal({
      title: t('articles.confirmDeleteTitle'),
      children: <Text size="sm">{t('articles.confirmDelete', { count: selected.size })}</Text>,
      labels: { confirm: t('articles.delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => bulk.mutate('delete'),
    });

  const items = articles.data?.items ?? [];
  const total = articles.data?.total ?? 0;
  const allSelected = items.length > 0 && items.every((a) => selected.has(a.id));
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const resetPage = () => {
    setOffset(0);
    setSelected(new Set());
  };
  const filtered = Boolean(q || status || language || categoryId);

  return (
    <Stack gap="md" p="md">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Group gap="xs">
            {site.data && (
              <Button variant="default" component="a" href={site.data.siteUrl} target="_blank" rel="noopener">
                {t('viewSite')}
              </Button>
            )}
            <Button variant="default" onClick={() => setSiteOpen(true)} disabled={!site.data}>
              {t('siteSettings')}
            </Button>
            {canCustomize && (
              <Button variant="default" component={Link} to={HELP_CENTER_CUSTOMIZATION_PATH}>
                {t('customization.open')}
              </Button>
            )}
            {canAnswerBot && (
              <Button variant="default" component={Link} to={HELP_CENTER_ANSWER_BOT_PATH}>
                {t('answerBot.open')}
              </Button>
            )}
            <Button component={Link} to={`${HELP_CENTER_CONTENT_PATH}/articles/new`}>
              {t('articles.new')}
            </Button>
          </Group>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md">
            <Title order={3} size="h4" mb="sm">
              {t('articles.heading')}
            </Title>
            <Group gap="xs" mb="sm" wrap="wrap">
              <TextInput
                style={{ flex: '1 1 200px' }}
                placeholder={t('articles.search')}
                aria-label={t('articles.search')}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  resetPage();
                }}
              />
              <Select
                w={150}
                aria-label={t('articles.statusFilter')}
                placeholder={t('articles.allStatuses')}
                clearable
                data={ARTICLE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                value={status}
                onChange={(v) => {
                  setStatus(v as ArticleStatus | null);
                  resetPage();
                }}
              />
              <Select
                w={150}
                aria-label={t('articles.languageFilter')}
                placeholder={t('articles.allLanguages')}
                clearable
                data={HELP_CENTER_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                value={language}
                onChange={(v) => {
                  setLanguage(v as HelpCenterLanguage | null);
                  resetPage();
                }}
              />
              <Select
                w={170}
                aria-label={t('articles.categoryFilter')}
                placeholder={t('articles.allCategories')}
                clearable
                data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                value={categoryId}
                onChange={(v) => {
                  setCategoryId(v);
                  resetPage();
                }}
              />
            </Group>
            {selected.size > 0 && (
              <Group gap="xs" mb="sm">
                <Text size="sm">{t('articles.selected', { count: selected.size })}</Text>
                <Button size="xs" onClick={() => bulk.mutate('publish')} loading={bulk.isPending}>
                  {t('articles.publish')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => bulk.mutate('unpublish')}
                  loading={bulk.isPending}
                >
                  {t('articles.unpublish')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={confirmBulkDelete}
                  loading={bulk.isPending}
                >
                  {t('articles.delete')}
                </Button>
              </Group>
            )}
            {articles.isPending ? (
              <SectionLoader label={t('articles.loading')} />
            ) : articles.isError ? (
              <Group>
                <Text c="red" size="sm">
                  {t('loadFailed')}
                </Text>
                <Button size="xs" variant="subtle" onClick={() => void articles.refetch()}>
                  {t('retry')}
                </Button>
              </Group>
            ) : items.length === 0 ? (
              <Text c="dimmed" py="lg" ta="center">
                {filtered ? t('articles.noMatch') : t('articles.empty')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="xs" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={36}>
                        <Checkbox
                          aria-label={t('articles.selectAll')}
                          checked={allSelected}
                          indeterminate={!allSelected && items.some((a) => selected.has(a.id))}
                          onChange={() =>
                            setSelected(allSelected ? new Set() : new Set(items.map((a) => a.id)))
                          }
                        />
                      </Table.Th>
                      <Table.Th>{t('articles.columns.title')}</Table.Th>
                      <Table.Th>{t('articles.columns.status')}</Table.Th>
                      <Table.Th>{t('articles.columns.language')}</Table.Th>
                      <Table.Th>{t('articles.columns.category')}</Table.Th>
                      <Table.Th>{t('articles.columns.updated')}</Table.Th>
                      <Table.Th>{t('articles.columns.helpful')}</Table.Th>
                      {!q && <Table.Th>{t('order.column')}</Table.Th>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((a, index) => (
                      <Table.Tr key={a.id}>
                        <Table.Td>
                          <Checkbox
                            aria-label={t('articles.select', { title: a.title })}
                            checked={selected.has(a.id)}
                            onChange={() => toggle(a.id)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={`${HELP_CENTER_CONTENT_PATH}/articles/${a.id}`}>
                            {a.title}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Badge color={a.status === 'published' ? 'teal' : 'gray'} variant="light">
                            {t(`status.${a.status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{a.language.toUpperCase()}</Table.Td>
                        <Table.Td>
                          {a.categoryId
                            ? (categoryName.get(a.categoryId) ?? '')
                            : t('articles.uncategorized')}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">
                            {a.updatedBy
                              ? t('articles.by', {
                                  date: formatDate(a.updatedAt, i18n.language),
                                  name: a.updatedBy.name,
                                })
                              : formatDate(a.updatedAt, i18n.language)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          👍 {a.helpfulYes} · 👎 {a.helpfulNo}
                        </Table.Td>
                        {/* Search ranks by relevance: the order is only shown and changed unranked. */}
                        {!q && (
                          <Table.Td>
                            <ArticleOrderButtons
                              article={a}
                              canMoveUp={movable(items, index).up}
                              canMoveDown={movable(items, index).down}
                            />
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {total > PAGE_SIZE && (
              <Group justify="space-between" mt="sm">
                <Text size="sm">
                  {t('articles.page', { from: offset + 1, to: Math.min(offset + PAGE_SIZE, total), total })}
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    disabled={offset === 0}
                    onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
                  >
                    {t('articles.previous')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={offset + PAGE_SIZE >= total}
                    onClick={() => setOffset(offset + PAGE_SIZE)}
                  >
                    {t('articles.next')}
                  </Button>
                </Group>
              </Group>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CategoriesPanel />
        </Grid.Col>
      </Grid>
      {site.data && siteOpen && (
        <SiteModal site={site.data} opened={siteOpen} onClose={() => setSiteOpen(false)} />
      )}
    </Stack>
  );
}
