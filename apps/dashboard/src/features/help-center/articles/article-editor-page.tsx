// The article editor (/helpcenter/content/articles/new and /:id): title, category, language,
// address, published or draft, and the body in the rich-text editor. A version in another
// language starts from ?translationOf=<id>&language=<lang>.

import { type Article, HELP_CENTER_LANGUAGES, type HelpCenterLanguage } from '@convo/api';
import { Anchor, Button, Group, Menu, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { toast, toastError } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { i18next } from '../../../i18n/i18n';
import {
  createArticle,
  deleteArticle,
  fetchArticle,
  fetchCategories,
  helpCenterKeys,
  updateArticle,
} from '../help-center-api';
import { HELP_CENTER_CONTENT_PATH } from '../paths';
import { RichTextEditor } from './rich-text-editor';

const NS = 'helpCenter';

const isLanguage = (v: string | null): v is HelpCenterLanguage =>
  v !== null && (HELP_CENTER_LANGUAGES as readonly string[]).includes(v);

function toastArticleError(error: unknown) {
  if (isApiError(error) && error.code === 'SLUG_TAKEN')
    toast.error(i18next.t('editor.slugTaken', { ns: NS }));
  else if (isApiError(error) && error.code === 'TRANSLATION_EXISTS')
    toast.error(i18next.t('editor.translationExists', { ns: NS }));
  else toastError(error);
}

interface Values {
  title: string;
  slug: string;
  bodyHtml: string;
  categoryId: string | null;
  language: HelpCenterLanguage;
  published: boolean;
}

function ArticleForm({
  article,
  defaults,
}: {
  article: Article | null;
  defaults: Values & { translationOf?: string };
}) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(defaults);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const categories = useQuery({
    queryKey: helpCenterKeys.categories,
    queryFn: ({ signal }) => fetchCategories(signal),
  });

  const save = useMutation({
    mutationFn: async (v: Values) => {
      const common = {
        title: v.title.trim(),
        bodyHtml: v.bodyHtml,
        categoryId: v.categoryId,
        status: v.published ? ('published' as const) : ('draft' as const),
      };
      if (article)
        return updateArticle(article.id, { ...common, ...(v.slug.trim() ? { slug: v.slug.trim() } : {}) });
      return createArticle({
        ...common,
        language: v.language,
        ...(v.slug.trim() ? { slug: v.slug.trim() } : {}),
        ...(defaults.translationOf ? { translationOf: defaults.translationOf } : {}),
      });
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: helpCenterKeys.all });
      queryClient.setQueryData(helpCenterKeys.article(saved.id), saved);
      toast.success(article ? t('editor.saved') : t('editor.created'));
      setValues((v) => ({ ...v, slug: saved.slug }));
      if (!article) navigate(`${HELP_CENTER_CONTENT_PATH}/articles/${saved.id}`, { replace: true });
    },
    onError: toastArticleError,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteArticle(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: helpCenterKeys.all });
      toast.success(t('deleted'));
      navigate(HELP_CENTER_CONTENT_PATH);
    },
    onError: (error) => toastError(error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.title.trim() === '') return;
    save.mutate(values);
  };
  const missingLanguages = article
    ? HELP_CENTER_LANGUAGES.filter(
        (l) => l !== article.language && !article.translations.some((tr) => tr.language === l),
      )
    : [];

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Anchor component={Link} to={HELP_CENTER_CONTENT_PATH}>
            ← {t('editor.back')}
          </Anchor>
          <Group gap="xs">
            {article && (
              <Button variant="default" component="a" href={article.publicUrl} target="_blank" rel="noopener">
                {t('editor.open')}
              </Button>
            )}
            {article && (
              <Button
                color="red"
                variant="light"
                onClick={() =>
                  modals.openConfirmModal({
                    title: t('editor.delete'),
                    children: <Text size="sm">{t('editor.confirmDelete')}</Text>,
                    labels: { confirm: t('articles.delete'), cancel: t('cancel') },
                    confirmProps: { color: 'red' },
                    onConfirm: () => remove.mutate(article.id),
                  })
                }
              >
                {t('editor.delete')}
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              {t('editor.save')}
            </Button>
          </Group>
        </Group>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <TextInput
              label={t('editor.titleLabel')}
              required
              maxLength={200}
              value={values.title}
              onChange={(e) => set('title', e.currentTarget.value)}
            />
            <Group grow wrap="wrap" align="flex-start">
              <Select
                label={t('editor.categoryLabel')}
                clearable
                placeholder={t('articles.uncategorized')}
                data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                value={values.categoryId}
                onChange={(v) => set('categoryId', v)}
              />
              <Select
                label={t('editor.languageLabel')}
                allowDeselect={false}
                disabled={article !== null}
                data={HELP_CENTER_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                value={values.language}
                onChange={(v) => isLanguage(v) && set('language', v)}
              />
              <TextInput
                label={t('editor.slugLabel')}
                description={t('editor.slugHint')}
                maxLength={120}
                value={values.slug}
                onChange={(e) => set('slug', e.currentTarget.value)}
              />
            </Group>
            <Switch
              label={t('editor.publishedLabel')}
              description={t('editor.publishedHint')}
              checked={values.published}
              onChange={(e) => set('published', e.currentTarget.checked)}
            />
            <RichTextEditor
              label={t('editor.bodyLabel')}
              initialHtml={defaults.bodyHtml}
              onChange={(html) => set('bodyHtml', html)}
            />
          </Stack>
        </Paper>
        {article && (
          <Paper withBorder p="md">
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs">
                <Text fw={500}>{t('editor.translations')}:</Text>
                <Text>{article.language.toUpperCase()}</Text>
                {article.translations.map((tr) => (
                  <Anchor key={tr.id} component={Link} to={`${HELP_CENTER_CONTENT_PATH}/articles/${tr.id}`}>
                    {tr.language.toUpperCase()} ({t(`status.${tr.status}`)})
                  </Anchor>
                ))}
              </Group>
              {missingLanguages.length > 0 && (
                <Menu>
                  <Menu.Target>
                    <Button variant="light" size="xs">
                      +
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {missingLanguages.map((l) => (
                      <Menu.Item
                        key={l}
                        component={Link}
                        to={`${HELP_CENTER_CONTENT_PATH}/articles/new?translationOf=${article.id}&language=${l}`}
                      >
                        {t('editor.addTranslation', { language: t(`languages.${l}`) })}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </Paper>
        )}
      </Stack>
    </form>
  );
}

export function ArticleEditorPage() {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const [params] = useSearchParams();
  const isNew = id === undefined || id === 'new';
  const article = useQuery({
    queryKey: helpCenterKeys.article(id ?? 'new'),
    queryFn: ({ signal }) => fetchArticle(id ?? '', signal),
    enabled: !isNew,
    retry: false,
  });
  const header = <PageHeader title={isNew ? t('editor.newTitle') : t('editor.editTitle')} />;
  if (isNew) {
    const language = params.get('language');
    const translationOf = params.get('translationOf') ?? undefined;
    return (
      <Stack gap="md" p="md">
        {header}
        <ArticleForm
          key={`new-${translationOf ?? ''}-${language ?? ''}`}
          article={null}
          defaults={{
            title: '',
            slug: '',
            bodyHtml: '',
            categoryId: null,
            language: isLanguage(language) ? language : 'en',
            published: false,
            ...(translationOf ? { translationOf } : {}),
          }}
        />
      </Stack>
    );
  }
  if (article.isPending) return <PageLoader label={t('editor.loading')} />;
  if (article.isError || !article.data) {
    return (
      <Stack gap="md" p="md">
        {header}
        <Text>
          {isApiError(article.error) && article.error.code === 'NOT_FOUND'
            ? t('editor.notFound')
            : t('loadFailed')}
        </Text>
        <Anchor component={Link} to={HELP_CENTER_CONTENT_PATH}>
          {t('editor.back')}
        </Anchor>
      </Stack>
    );
  }
  const a = article.data;
  return (
    <Stack gap="md" p="md">
      {header}
      <ArticleForm
        key={a.id}
        article={a}
        defaults={{
          title: a.title,
          slug: a.slug,
          bodyHtml: a.bodyHtml,
          categoryId: a.categoryId,
          language: a.language,
          published: a.status === 'published',
        }}
      />
    </Stack>
  );
}
