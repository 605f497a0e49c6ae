// The bot builder's knowledge source section (SPEC §2): documents, pages and sitemaps the bot
// answers from, with their indexing status, progress, passage counts, errors, re-crawl and delete.

import type { KnowledgeSource } from '@convo/api';
import { Alert, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../app/toasts';
import { SectionLoader } from '../../../components/page-loader';
import { i18next } from '../../../i18n/i18n';
import { AddSitemapForm, AddUrlForm, DocumentDrop, ImportHelpCenter } from './add-source';
import {
  addHelpCenter,
  addSitemap,
  addUrl,
  deleteSource,
  fetchSources,
  isBusy,
  KNOWLEDGE_POLL_MS,
  knowledgeKeys,
  recrawlSource,
  uploadDocument,
  uploadProblem,
} from './knowledge-api';
import { SourceCard } from './source-card';

const NS = 'knowledge';

export function KnowledgeSection({ botId }: { botId: string }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const key = knowledgeKeys.sources(botId);
  const sources = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchSources(botId, signal),
    // Poll while something is being indexed, so status and progress move on their own.
    refetchInterval: (query) => (query.state.data && isBusy(query.state.data) ? KNOWLEDGE_POLL_MS : false),
  });
  const [acting, setActing] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['bots', botId, 'knowledge'] });
  const added = (source: KnowledgeSource) => {
    queryClient.setQueryData<KnowledgeSource[]>(key, (old) => [...(old ?? []), source]);
    void refresh();
  };

  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      let ok = 0;
      for (const file of files) {
        const problem = uploadProblem(file);
        if (problem) {
          toast.error(t(`upload.${problem}`, { name: file.name }));
          continue;
        }
        try {
          added(await uploadDocument(botId, file));
          ok += 1;
        } catch (error) {
          toastError(error);
        }
      }
      return ok;
    },
    onSuccess: (ok) => {
      if (ok > 0) toast.success(t('upload.done', { count: ok }));
    },
  });
  const url = useMutation({
    mutationFn: (address: string) => addUrl(botId, address),
    onSuccess: (source) => {
      added(source);
      toast.success(t('url.added'));
    },
    onError: (error) => toastError(error),
  });
  const sitemap = useMutation({
    mutationFn: (input: { url: string; pageLimit: number }) => addSitemap(botId, input),
    onSuccess: (source) => {
      added(source);
      toast.success(t('sitemap.added'));
    },
    onError: (error) => toastError(error),
  });
  const helpCenter = useMutation({
    mutationFn: () => addHelpCenter(botId),
    onSuccess: (source) => {
      added(source);
      toast.success(t('helpCenter.added'));
    },
    onError: (error) => toastError(error),
  });
  const recrawl = useMutation({
    mutationFn: (source: KnowledgeSource) => {
      setActing(source.id);
      return recrawlSource(botId, source.id);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData<KnowledgeSource[]>(key, (old) =>
        old?.map((s) => (s.id === updated.id ? updated : s)),
      );
      void refresh();
    },
    onError: (error) => toastError(error),
    onSettled: () => setActing(null),
  });
  const remove = useMutation({
    mutationFn: (source: KnowledgeSource) => {
      setActing(source.id);
      return deleteSource(botId, source.id);
    },
    onSuccess: (_r, source) => {
      queryClient.setQueryData<KnowledgeSource[]>(key, (old) => old?.filter((s) => s.id !== source.id));
      toast.success(i18next.t('deleted', { ns: NS }));
      void refresh();
    },
    onError: (error) => toastError(error),
    onSettled: () => setActing(null),
  });

  const confirmDelete = (source: KnowledgeSource) =>
    modals.openConfirmModal({
      title: t('deleteTitle'),
      children: (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {t('confirmDelete', { name: source.name, count: source.passageCount })}
        </Text>
      ),
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(source),
    });

  const list = sources.data ?? [];
  const passages = list.reduce((n, s) => n + s.passageCount, 0);

  return (
    <Stack gap="md" component="section" aria-labelledby="knowledge-title">
      <div>
        <Title order={3} id="knowledge-title">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('description')}
        </Text>
      </div>
      <DocumentDrop uploading={upload.isPending} onFiles={(files) => upload.mutate(files)} />
      <AddUrlForm pending={url.isPending} onAdd={(address) => url.mutateAsync(address)} />
      <AddSitemapForm
        pending={sitemap.isPending}
        onAdd={(address, pageLimit) => sitemap.mutateAsync({ url: address, pageLimit })}
      />
      <ImportHelpCenter
        imported={(sources.data ?? []).some((s) => s.kind === 'helpcenter')}
        pending={helpCenter.isPending}
        onImport={() => helpCenter.mutate()}
      />
      <Divider />
      {sources.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : sources.isError ? (
        <Alert color="red" title={t('loadFailed')}>
          <Button size="xs" variant="light" onClick={() => void sources.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm" aria-live="polite">
            {t('summary', { sources: list.length, passages })}
          </Text>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((source) => (
              <SourceCard
                key={source.id}
                source={source}
                busy={acting === source.id}
                onRecrawl={(s) => recrawl.mutate(s)}
                onDelete={confirmDelete}
              />
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
