// /bots/bot-builder and /bots/bot-builder/<engine>?botId=…: the bot builder. Two tabs: Flow
// Designer (loaded lazily with its graph editor) and Classic View; the tab is the bot's operationMode. Above them
// the bot, its training state (kompose), the language switcher and the languages it answers in.

import type { Bot } from '@convo/api';
import { BOT_LANGUAGES, type BotLanguage, botPlatformDisplayName, ENABLED_BOT_ENGINES } from '@convo/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError, isCancellation } from '../../../app/api/api-error';
import { useConfig } from '../../../app/config/config-store';
import { botSettingsPath, type SettingsSlug } from '../../../app/routing/settings-paths';
import { toast, toastError } from '../../../app/toasts';
import { FormModal } from '../../../components/form-modal';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { NotFoundPage } from '../../not-found/not-found-page';
import { builderKeys, fetchBot, fetchTraining, trainNow, updateBot } from './builder-api';
import { ClassicView } from './classic-view';
import { languageChange, pickBuilderLanguage } from './languages';
import { TRAINING_BADGE_COLOURS, trainingBadge, trainingInProgress } from './training-status';
import { UnsavedChangesPrompt, useGuardedSwitch } from './use-unsaved-guard';

// @xyflow/react and the designer stay in their own chunk, fetched when the tab opens.
const FlowDesigner = lazy(() => import('./flows/flow-designer'));

const NS = 'botBuilder';
export const BOT_BUILDER_PATH = '/bots/bot-builder';
const BOT_BUILDER_LIST_PATH = '/bots/bot-builder-list';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const languageName = (code: string) => LANGUAGE_NAMES[code as BotLanguage] ?? code;

function TrainingStatus({ bot, language }: { bot: Bot; language: BotLanguage }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const training = useQuery({
    queryKey: builderKeys.training(bot.id),
    queryFn: ({ signal }) => fetchTraining(bot.id, signal),
    refetchInterval: (query) => (trainingInProgress(query.state.data ?? []) ? 2000 : false),
  });
  const train = useMutation({
    mutationFn: () => trainNow(bot.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: builderKeys.training(bot.id) }),
    onError: (error) => toastError(error),
  });
  if (training.isPending)
    return (
      <Badge variant="light" color="gray">
        {t('training.loading')}
      </Badge>
    );
  if (training.isError) return null;
  const badge = trainingBadge(training.data, language);
  const state = training.data.find((s) => s.language === language);
  return (
    <Group gap="xs" wrap="nowrap" aria-live="polite">
      <Tooltip label={state?.error ?? t(`training.${badge}Help`)} multiline maw={280}>
        <Badge
          variant="light"
          color={TRAINING_BADGE_COLOURS[badge]}
          data-testid="training-status"
          tabIndex={0}
        >
          {t(`training.${badge}`)}
        </Badge>
      </Tooltip>
      {badge !== 'trained' && badge !== 'training' && (
        <Button size="compact-sm" variant="light" loading={train.isPending} onClick={() => train.mutate()}>
          {t('training.trainNow')}
        </Button>
      )}
    </Group>
  );
}

function LanguagesModal({ bot, onClose }: { bot: Bot; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tShell } = useTranslation();
  const queryClient = useQueryClient();
  const [languages, setLanguages] = useState<string[]>(bot.languages);
  const [defaultLanguage, setDefaultLanguage] = useState<string>(bot.defaultLanguage);
  const save = useMutation({
    mutationFn: () => {
      const change = languageChange(bot, languages, defaultLanguage);
      return change === null ? Promise.resolve() : updateBot(bot.id, change);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: builderKeys.bot(bot.id), exact: true });
      toast.success(t('languages.saved'));
      onClose();
    },
    // SPEC §8: a multilingual failure says 'Something went wrong!'.
    onError: (error) => {
      if (!isCancellation(error)) toast.error(tShell('messages.somethingWentWrong'));
    },
  });
  return (
    <FormModal
      opened
      title={t('languages.title')}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      submitLabel={t('save')}
      busy={save.isPending}
    >
      <Checkbox.Group
        label={t('languages.enabled')}
        description={t('languages.enabledHelp')}
        value={languages}
        onChange={(value) =>
          setLanguages(value.includes(defaultLanguage) ? value : [...value, defaultLanguage])
        }
      >
        <Stack gap="xs" mt="xs">
          {BOT_LANGUAGES.map((code) => (
            <Checkbox
              key={code}
              value={code}
              label={languageName(code)}
              disabled={code === defaultLanguage}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Select
        label={t('languages.default')}
        data={languages.map((code) => ({ value: code, label: languageName(code) }))}
        value={defaultLanguage}
        allowDeselect={false}
        onChange={(value) => value !== null && setDefaultLanguage(value)}
      />
    </FormModal>
  );
}

/** The builder settings pages (SPEC §2), in menu order. */
const BUILDER_SETTINGS: readonly SettingsSlug[] = [
  'general',
  'entities',
  'webhook',
  'import',
  'export',
  'inline-code',
  'handover',
];

/** The builder's way to its settings pages for this bot (asks first when changes are unsaved). */
function BuilderSettingsMenu({ botId, guard }: { botId: string; guard: (go: () => void) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" data-testid="builder-settings-menu">
          {t('settingsNav.label')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {BUILDER_SETTINGS.map((slug) => (
          <Menu.Item key={slug} onClick={() => guard(() => void navigate(botSettingsPath(slug, botId)))}>
            {t(`settingsNav.pages.${slug}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function Builder({ bot }: { bot: Bot }) {
  const { t } = useTranslation(NS);
  const { variant } = useConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const [dirty, setDirty] = useState(false);
  const [languagesOpen, setLanguagesOpen] = useState(false);
  const [bannerClosed, setBannerClosed] = useState(false);
  const guard = useGuardedSwitch(dirty);
  const [mode, setMode] = useState<'flow' | 'classic'>(bot.operationMode === 'flow' ? 'flow' : 'classic');
  const language = pickBuilderLanguage(bot, searchParams.get('lang'));
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);
  // ?phrase=…&phrase=… opens a new answer with these training phrases (bot insights' topics).
  const [prefillPhrases] = useState(() =>
    searchParams
      .getAll('phrase')
      .map((p) => p.trim().slice(0, 500))
      .filter((p) => p.length > 0)
      .slice(0, 20),
  );
  const setLanguage = (code: string) =>
    setSearchParams(
      (params) => {
        params.set('lang', code);
        return params;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <UnsavedChangesPrompt dirty={dirty} />
      <PageHeader
        title={bot.name}
        description={t('description')}
        actions={
          <>
            <Badge variant="outline" tt="none" size="lg">
              {botPlatformDisplayName(bot.engine)}
            </Badge>
            {bot.engine === 'kompose' && <TrainingStatus bot={bot} language={language} />}
            <BuilderSettingsMenu botId={bot.id} guard={guard} />
          </>
        }
      />
      <Group justify="space-between" wrap="wrap" gap="xs">
        {bot.languages.length > 1 ? (
          <SegmentedControl
            aria-label={t('languages.switcher')}
            data={bot.languages.map((code) => ({ value: code, label: languageName(code) }))}
            value={language}
            onChange={(code) => code !== language && guard(() => setLanguage(code))}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('languages.single', { language: languageName(language) })}
          </Text>
        )}
        <Button variant="default" onClick={() => guard(() => setLanguagesOpen(true))}>
          {t('languages.manage')}
        </Button>
      </Group>
      {bot.languages.length > 1 && !bannerClosed && (
        <Alert
          color="blue"
          variant="light"
          withCloseButton
          closeButtonLabel={t('close')}
          onClose={() => setBannerClosed(true)}
          title={t('banner.title')}
          data-testid="multilingual-banner"
        >
          {t('banner.text', {
            language: languageName(language),
            languages: bot.languages.map(languageName).join(', '),
          })}
        </Alert>
      )}
      {bot.lastError !== null && (
        <Alert color="red" variant="light" title={t('lastError')}>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {bot.lastError}
          </Text>
        </Alert>
      )}
      <Tabs
        value={mode}
        keepMounted={false}
        onChange={(value) => {
          // Switching the operation mode closes the flow editor (SPEC §4); it is remembered per bot.
          if ((value === 'flow' || value === 'classic') && value !== mode)
            guard(() => {
              setMode(value);
              void updateBot(bot.id, { operationMode: value }).catch((error: unknown) => toastError(error));
            });
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="flow">{t('tabs.flow')}</Tabs.Tab>
          <Tabs.Tab value="classic">{t('tabs.classic')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="flow" pt="md">
          <Suspense fallback={<PageLoader />}>
            <FlowDesigner botId={bot.id} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="classic" pt="md">
          <ClassicView
            bot={bot}
            language={language}
            variant={variant}
            onDirtyChange={onDirtyChange}
            prefillPhrases={prefillPhrases}
          />
        </Tabs.Panel>
      </Tabs>
      {languagesOpen && <LanguagesModal bot={bot} onClose={() => setLanguagesOpen(false)} />}
    </Stack>
  );
}

function NoBot({ reason }: { reason: 'missing' | 'notFound' }) {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="md">
      <PageHeader title={t('title')} />
      <Stack align="center" py="xl" gap="xs">
        <Text>{t(reason === 'missing' ? 'noBot' : 'botNotFound')}</Text>
        <Anchor component={Link} to={BOT_BUILDER_LIST_PATH}>
          {t('pickBot')}
        </Anchor>
      </Stack>
    </Stack>
  );
}

/** The route component of /bots/bot-builder and /bots/bot-builder/:engine. */
export function BotBuilderPage() {
  const { t, ready } = useTranslation(NS);
  const { engine } = useParams();
  const [searchParams] = useSearchParams();
  const botId = searchParams.get('botId') ?? '';
  const validId = UUID.test(botId);
  const bot = useQuery({
    queryKey: builderKeys.bot(botId),
    queryFn: ({ signal }) => fetchBot(botId, signal),
    enabled: validId,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
  if (engine !== undefined && !(ENABLED_BOT_ENGINES as readonly string[]).includes(engine))
    return <NotFoundPage />;
  if (!ready) return <PageLoader />;
  if (!validId) return <NoBot reason="missing" />;
  if (bot.isPending) return <PageLoader label={t('loading')} />;
  if (bot.isError) {
    if (isApiError(bot.error) && (bot.error.status === 404 || bot.error.status === 400))
      return <NoBot reason="notFound" />;
    return (
      <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void bot.refetch()} />
    );
  }
  // Each engine has its sub-path: a link without it (or with another engine's) is corrected.
  if (engine !== bot.data.engine) {
    const query = new URLSearchParams(searchParams);
    return (
      <Navigate
        to={`${BOT_BUILDER_PATH}/${encodeURIComponent(bot.data.engine)}?${query.toString()}`}
        replace
      />
    );
  }
  return <Builder key={bot.data.id} bot={bot.data} />;
}
