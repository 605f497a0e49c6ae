// The builder's imported help-center FAQ editor (SPEC §2): the help center's articles in the
// builder's language, edited here as a question (the title) and its answer (the body). They are
// the same records as /helpcenter/content, so a save here is a save there; the help-center import
// re-indexes itself after every change, and the emulator answers with the new text once it is ready.

import type { Article, ArticleSummary, KnowledgeSource } from '@convo/api';
import type { BotLanguage } from '@convo/domain';
import {
  Anchor,
  Badge,
  Button,
  Group,
  NavLink,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast, toastError } from '../../../../app/toasts';
import { LoadFailed } from '../../../../components/load-failed';
import { SectionLoader } from '../../../../components/page-loader';
import { RichTextEditor } from '../../../help-center/articles/rich-text-editor';
import {
  createArticle,
  deleteArticle,
  fetchArticle,
  fetchArticles,
  helpCenterKeys,
  updateArticle,
} from '../../../help-center/help-center-api';
import { HELP_CENTER_CONTENT_PATH } from '../../../help-center/paths';
import {
  addHelpCenter,
  fetchSources,
  isBusy,
  KNOWLEDGE_POLL_MS,
  knowledgeKeys,
} from '../../knowledge/knowledge-api';
import { useGuardedSwitch } from '../use-unsaved-guard';

const NS = 'botBuilder';
/** The list shows this many matches; the search narrows it (a help center can hold thousands). */
const LIST_LIMIT = 50;
const TITLE_MAX = 200;

const SYNC_COLOURS: Record<KnowledgeSource['status'], string> = {
  pending: 'gray',
  indexing: 'blue',
  ready: 'teal',
  failed: 'red',
};

interface FaqDraft {
  title: string;
  bodyHtml: string;
  published: boolean;
}

const draftOf = (article: Article | null): FaqDraft =>
  article
    ? { title: article.title, bodyHtml: article.bodyHtml, published: article.status === 'published' }
    : { title: '', bodyHtml: '', published: true };

const sameDraft = (a: FaqDraft, b: FaqDraft) =>
  a.title === b.title && a.bodyHtml === b.bodyHtml && a.published === b.published;

/** Whether the import exists, and how far its indexing is; the import button when it does not. */
function ImportStatus({ botId }: { botId: string }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const key = knowledgeKeys.sources(botId);
  const sources = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchSources(botId, signal),
    refetchInterval: (query) => (query.state.data && isBusy(query.state.data) ? KNOWLEDGE_POLL_MS : false),
  });
  const importIt = useMutation({
    mutationFn: () => addHelpCenter(botId),
    onSuccess: (source) => {
      queryClient.setQueryData<KnowledgeSource[]>(key, (old) => [...(old ?? []), source]);
      void queryClient.invalidateQueries({ queryKey: ['bots', botId, 'knowledge'] });
      toast.success(t('faq.importStarted'));
    },
    onError: (error) => toastError(error),
  });
  if (sources.isPending) return null;
  const source = sources.data?.find((s) => s.kind === 'helpcenter');
  if (!source) {
    return (
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" style={{ flex: '1 1 240px' }}>
            {t('faq.notImported')}
          </Text>
          <Button size="xs" loading={importIt.isPending} onClick={() => importIt.mutate()}>
            {t('faq.import')}
          </Button>
        </Group>
      </Paper>
    );
  }
  return (
    <Group gap="xs" wrap="wrap" data-testid="faq-sync">
      <Text size="sm">{t('faq.syncLabel')}</Text>
      <Badge variant="light" color={SYNC_COLOURS[source.status]}>
        {t(`faq.sync.${source.status}`)}
      </Badge>
      {source.status === 'failed' && source.error && (
        <Text size="sm" c="red">
          {source.error}
        </Text>
      )}
    </Group>
  );
}

/** One question and answer: an existing article, or a new one (`article` null). */
function FaqEditor({
  article,
  language,
  onDirtyChange,
  onSaved,
  onDeleted,
}: {
  article: Article | null;
  language: BotLanguage;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (saved: Article) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(NS);
  const saved = draftOf(article);
  const [draft, setDraft] = useState<FaqDraft>(saved);
  const [showErrors, setShowErrors] = useState(false);
  const dirty =
    article === null ? draft.title.trim() !== '' || draft.bodyHtml !== '' : !sameDraft(draft, saved);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const save = useMutation({
    mutationFn: (d: FaqDraft) => {
      const body = {
        title: d.title.trim(),
        bodyHtml: d.bodyHtml,
        status: d.published ? ('published' as const) : ('draft' as const),
      };
      return article ? updateArticle(article.id, body) : createArticle({ ...body, language });
    },
    onSuccess: (result) => {
      toast.success(article ? t('faq.saved') : t('faq.created'));
      onSaved(result);
    },
    onError: (error) => toastError(error),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteArticle(id),
    onSuccess: () => {
      toast.success(t('faq.deleted'));
      onDeleted();
    },
    onError: (error) => toastError(error),
  });

  const titleMissing = draft.title.trim() === '';
  const submit = () => {
    if (titleMissing) {
      setShowErrors(true);
      toast.error(t('faq.questionRequired'), { id: 'faq-invalid' });
      return;
    }
    save.mutate(draft);
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="faq-editor">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {article ? article.title : t('faq.newTitle')}
          </Title>
          {dirty && (
            <Badge variant="light" color="yellow">
              {t('unsaved.badge')}
            </Badge>
          )}
        </Group>
        <TextInput
          label={t('faq.question')}
          required
          maxLength={TITLE_MAX}
          value={draft.title}
          error={showErrors && titleMissing ? t('faq.questionRequired') : undefined}
          onChange={(e) => {
            const title = e.currentTarget.value;
            setDraft((d) => ({ ...d, title }));
          }}
        />
        <RichTextEditor
          label={t('faq.answer')}
          initialHtml={saved.bodyHtml}
          onChange={(bodyHtml) => setDraft((d) => ({ ...d, bodyHtml }))}
        />
        <Switch
          label={t('faq.published')}
          description={t('faq.publishedHint')}
          checked={draft.published}
          onChange={(e) => {
            const published = e.currentTarget.checked;
            setDraft((d) => ({ ...d, published }));
          }}
        />
        <Group gap="xs" wrap="wrap">
          <Button onClick={submit} loading={save.isPending} disabled={article !== null && !dirty}>
            {t('save')}
          </Button>
          {article && (
            <Anchor component={Link} to={`${HELP_CENTER_CONTENT_PATH}/articles/${article.id}`} size="sm">
              {t('faq.openInHelpCenter')}
            </Anchor>
          )}
          {article && (
            <Button
              variant="light"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                modals.openConfirmModal({
                  title: t('faq.deleteTitle'),
                  children: <Text size="sm">{t('faq.confirmDelete', { title: article.title })}</Text>,
                  labels: { confirm: t('delete.delete'), cancel: t('cancel') },
                  confirmProps: { color: 'red' },
                  onConfirm: () => remove.mutate(article.id),
                })
              }
            >
              {t('delete.button')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function SelectedFaq({
  id,
  language,
  onDirtyChange,
  onSaved,
  onDeleted,
}: {
  id: string;
  language: BotLanguage;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (saved: Article) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(NS);
  const article = useQuery({
    queryKey: helpCenterKeys.article(id),
    queryFn: ({ signal }) => fetchArticle(id, signal),
  });
  if (article.isPending) return <SectionLoader label={t('loading')} />;
  if (article.isError)
    return (
      <LoadFailed
        message={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void article.refetch()}
        py="md"
      />
    );
  return (
    <FaqEditor
      key={`${article.data.id}:${article.data.updatedAt}`}
      article={article.data}
      language={language}
      onDirtyChange={onDirtyChange}
      onSaved={onSaved}
      onDeleted={onDeleted}
    />
  );
}

export function HelpCenterFaqSection({
  botId,
  language,
  onDirtyChange,
}: {
  botId: string;
  language: BotLanguage;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation(NS);
  const { t: tHelp } = useTranslation('helpCenter');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [selected, setSelected] = useState<string | 'new' | null>(null);
  const [dirty, setDirty] = useState(false);
  // Stable, so the editor's effects that report it run only when the draft changes.
  const markDirty = useCallback(
    (value: boolean) => {
      setDirty(value);
      onDirtyChange(value);
    },
    [onDirtyChange],
  );
  const guard = useGuardedSwitch(dirty);

  const query = { language, q: q || undefined, limit: LIST_LIMIT };
  const articles = useQuery({
    queryKey: helpCenterKeys.articles(query),
    queryFn: ({ signal }) => fetchArticles(query, signal),
  });

  const afterWrite = () => {
    void queryClient.invalidateQueries({ queryKey: helpCenterKeys.all });
    // The import is re-indexed by the server: its status moves to pending and is polled from there.
    void queryClient.invalidateQueries({ queryKey: ['bots', botId, 'knowledge'] });
  };
  const choose = (next: string | 'new') =>
    next !== selected &&
    guard(() => {
      markDirty(false);
      setSelected(next);
    });

  const list = (items: ArticleSummary[]) =>
    items.length === 0 ? (
      <Text c="dimmed" ta="center" py="md">
        {q === '' ? t('faq.empty') : t('faq.noMatch')}
      </Text>
    ) : (
      <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('faq.listLabel')}>
        {items.map((a) => (
          <li key={a.id}>
            <NavLink
              component="button"
              type="button"
              label={a.title}
              description={tHelp(`status.${a.status}`)}
              active={selected === a.id}
              aria-current={selected === a.id ? 'true' : undefined}
              onClick={() => choose(a.id)}
            />
          </li>
        ))}
      </Stack>
    );

  return (
    <Stack gap="sm">
      <ImportStatus botId={botId} />
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-end">
        <TextInput
          label={t('faq.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 180px' }}
        />
        <Button onClick={() => choose('new')}>{t('faq.add')}</Button>
      </Group>
      {articles.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : articles.isError ? (
        <LoadFailed
          message={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void articles.refetch()}
          py="md"
        />
      ) : (
        <>
          {list(articles.data.items)}
          {articles.data.total > articles.data.items.length && (
            <Text size="xs" c="dimmed">
              {t('faq.more', { shown: articles.data.items.length, total: articles.data.total })}
            </Text>
          )}
        </>
      )}
      {selected === 'new' && (
        <FaqEditor
          key={`new:${language}`}
          article={null}
          language={language}
          onDirtyChange={markDirty}
          onSaved={(saved) => {
            queryClient.setQueryData(helpCenterKeys.article(saved.id), saved);
            markDirty(false);
            setSelected(saved.id);
            afterWrite();
          }}
          onDeleted={() => undefined}
        />
      )}
      {selected !== null && selected !== 'new' && (
        <SelectedFaq
          id={selected}
          language={language}
          onDirtyChange={markDirty}
          onSaved={(saved) => {
            queryClient.setQueryData(helpCenterKeys.article(saved.id), saved);
            markDirty(false);
            afterWrite();
          }}
          onDeleted={() => {
            markDirty(false);
            setSelected(null);
            afterWrite();
          }}
        />
      )}
    </Stack>
  );
}
