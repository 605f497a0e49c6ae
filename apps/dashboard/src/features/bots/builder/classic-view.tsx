// Classic View of the builder: the sections of builderSections(variant) on the left, the chosen
// section's editor in the middle, the emulator on the right (stacked below on narrow screens).
// Unsaved edits live here so the emulator answers with them and leaving can warn about them.

import type { Bot, Intent } from '@convo/api';
import {
  type BotLanguage,
  type BotPlatform,
  type BuilderSection,
  type BuilderSectionKey,
  builderSections,
  DEFAULT_FALLBACKS_BEFORE_HANDOFF,
  DEFAULT_INTENTS,
  isLlmEngine,
} from '@convo/domain';
import {
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  NavLink,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../app/toasts';
import { LoadFailed } from '../../../components/load-failed';
import { SectionLoader } from '../../../components/page-loader';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { KnowledgeSection } from '../knowledge/KnowledgeSection';
import {
  builderKeys,
  copyIntents,
  createIntent,
  deleteIntent,
  fetchIntents,
  updateBotEngine,
  updateIntent,
} from './builder-api';
import { EMULATOR_INPUT_ID, EmulatorPanel } from './emulator/emulator-panel';
import { EntitiesModal } from './entities/entities-modal';
import {
  type DraftError,
  draftErrors,
  draftFromIntent,
  type EditorState,
  emptyDraft,
  emulatorDrafts,
  type FallbackSettingsDraft,
  fallbackSettingsFrom,
  type IntentDraft,
  type IntentSection,
  isDefaultIntent,
  sameDraft,
  sameFallbackSettings,
  toIntentWrite,
} from './intent-draft';
import { IntentEditor } from './intent-editor';
import { FallbackSettings } from './sections/fallback-settings';
import { HelpCenterFaqSection } from './sections/help-center-faq-section';
import { InstructionsSection } from './sections/instructions-section';
import { TrainingWarnings } from './training-warnings';
import { useGuardedSwitch } from './use-unsaved-guard';

// The generate-code section (custom actions) in its own chunk: most visits never open it.
const GenerateCodeSection = lazy(() =>
  import('./sections/generate-code-section').then((m) => ({ default: m.GenerateCodeSection })),
);

const NS = 'botBuilder';

/** Which intent the middle pane edits: a list section's chosen or new answer, or a default intent. */
type Target = { key: string; saved: Intent | null; section: IntentSection } | null;

/** The unsaved draft of one target. */
interface Edit {
  language: BotLanguage;
  key: string;
  draft: IntentDraft;
}

const LIST_SECTIONS: readonly BuilderSectionKey[] = ['answers', 'small-talk'];
/** Sections that load their own data and never wait for the intents. */
const OWN_DATA_SECTIONS: readonly BuilderSectionKey[] = [
  'agent-instructions',
  'knowledge-source',
  'help-center-faq',
  'generate-code',
];

function useSectionTitle(variant: 'classic' | 'agentic'): (key: BuilderSectionKey) => string {
  const { t } = useTranslation(NS);
  const { t: tShell } = useTranslation();
  return (key) =>
    key === 'answers' ? tShell('wording.answers', { context: variant }) : t(`sections.${key}.title`);
}

function DeleteAnswerModal({
  intent,
  multilingual,
  busy,
  onDelete,
  onClose,
}: {
  intent: Intent;
  multilingual: boolean;
  busy: boolean;
  onDelete: (allLanguages: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('delete.title', { name: intent.name })}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack>
        <Text size="sm">{t('delete.confirm')}</Text>
        {multilingual && <Text size="sm">{t('delete.allLanguagesConfirm')}</Text>}
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color="red" variant="light" loading={busy} onClick={() => onDelete(true)}>
            {t('delete.allLanguages')}
          </Button>
          <Button color="red" loading={busy} onClick={() => onDelete(false)}>
            {t('delete.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function ClassicView({
  bot,
  language,
  variant,
  onDirtyChange,
  prefillPhrases = [],
}: {
  bot: Bot;
  language: BotLanguage;
  variant: 'classic' | 'agentic';
  onDirtyChange: (dirty: boolean) => void;
  /** Training phrases of a new answer to open with (bot insights' "create an answer from this"). */
  prefillPhrases?: readonly string[];
}) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const sections = builderSections(variant);
  const sectionTitle = useSectionTitle(variant);
  const llm = isLlmEngine(bot.engine as BotPlatform);
  const multilingual = bot.languages.length > 1;

  const [sectionKey, setSectionKey] = useState<BuilderSectionKey>('answers');
  const prefilled = prefillPhrases.length > 0;
  const [selected, setSelected] = useState<{
    language: BotLanguage;
    section: BuilderSectionKey;
    id: string | 'new';
  } | null>(prefilled ? { language, section: 'answers', id: 'new' } : null);
  const [edit, setEdit] = useState<Edit | null>(
    prefilled ? { language, key: 'new', draft: { ...emptyDraft(), userSays: [...prefillPhrases] } } : null,
  );
  const [showErrors, setShowErrors] = useState(false);
  const [instructionsDraft, setInstructionsDraft] = useState<string | null>(null);
  const [fallbackDraft, setFallbackDraft] = useState<FallbackSettingsDraft | null>(null);
  const [filter, setFilter] = useState('');
  const [deleting, setDeleting] = useState<Intent | null>(null);
  const [entitiesOpen, setEntitiesOpen] = useState(false);
  // The FAQ section keeps its own draft (it edits help-center articles); only its dirtiness is here.
  const [faqDirty, setFaqDirty] = useState(false);
  const [codeDirty, setCodeDirty] = useState(false);

  const section = sections.find((s) => s.key === sectionKey) as BuilderSection;
  const hasUserSays = (key: string) => sections.find((s) => s.key === key)?.hasUserSays ?? false;

  const intentsKey = builderKeys.intents(bot.id, language);
  const intents = useQuery({
    queryKey: intentsKey,
    queryFn: ({ signal }) => fetchIntents(bot.id, language, signal),
  });
  const list = intents.data ?? [];

  // The target of the middle pane.
  const target: Target = (() => {
    if (sectionKey === 'welcome-message' || sectionKey === 'fallback') {
      const name =
        sectionKey === 'welcome-message' ? DEFAULT_INTENTS.welcome.name : DEFAULT_INTENTS.fallback.name;
      return { key: name, saved: list.find((i) => i.name === name) ?? null, section: sectionKey };
    }
    if (!LIST_SECTIONS.includes(sectionKey)) return null;
    if (selected === null || selected.language !== language || selected.section !== sectionKey) return null;
    if (selected.id === 'new') return { key: 'new', saved: null, section: sectionKey as IntentSection };
    const saved = list.find((i) => i.id === selected.id);
    return saved === undefined ? null : { key: saved.id, saved, section: sectionKey as IntentSection };
  })();

  const defaultDraft = (t0: NonNullable<Target>): IntentDraft =>
    t0.saved !== null
      ? draftFromIntent(t0.saved)
      : { ...emptyDraft(), name: t0.key === 'new' ? '' : t0.key, userSays: t0.key === 'new' ? [''] : [] };
  const activeEdit =
    target !== null && edit !== null && edit.language === language && edit.key === target.key ? edit : null;
  const draft = target === null ? null : (activeEdit?.draft ?? defaultDraft(target));
  const intentDirty =
    target !== null && activeEdit !== null && !sameDraft(activeEdit.draft, defaultDraft(target));

  const savedFallback = fallbackSettingsFrom(bot.settings, DEFAULT_FALLBACKS_BEFORE_HANDOFF);
  const fallbackValue = fallbackDraft ?? savedFallback;
  const fallbackDirty = fallbackDraft !== null && !sameFallbackSettings(fallbackDraft, savedFallback);
  const savedInstructions = bot.settings.instructions ?? '';
  const instructionsValue = instructionsDraft ?? savedInstructions;
  const instructionsDirty = instructionsDraft !== null && instructionsDraft !== savedInstructions;
  const dirty = intentDirty || fallbackDirty || instructionsDirty || faqDirty || codeDirty;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const guard = useGuardedSwitch(dirty);
  const discardAll = () => {
    setEdit(null);
    setShowErrors(false);
    setInstructionsDraft(null);
    setFallbackDraft(null);
    setFaqDirty(false);
    setCodeDirty(false);
  };
  const switchTo = (action: () => void) =>
    guard(() => {
      discardAll();
      action();
    });

  const errors: DraftError[] =
    target === null || draft === null
      ? []
      : draftErrors(draft, {
          hasUserSays: hasUserSays(target.section),
          otherNames: list.filter((i) => i.id !== target.saved?.id).map((i) => i.name),
        });

  const invalidateAfterWrite = () => {
    void queryClient.invalidateQueries({ queryKey: ['bots', bot.id, 'intents'] });
    void queryClient.invalidateQueries({ queryKey: builderKeys.training(bot.id) });
  };

  const saveIntent = useMutation({
    mutationFn: async (input: { target: NonNullable<Target>; draft: IntentDraft }) => {
      const write = toIntentWrite(
        input.draft,
        language,
        input.target.section,
        hasUserSays(input.target.section),
      );
      return input.target.saved === null
        ? createIntent(bot.id, write)
        : updateIntent(bot.id, input.target.saved.id, write);
    },
    onSuccess: (intent, input) => {
      // The list shows the saved intent at once, so the editor is clean without waiting for a refetch.
      queryClient.setQueryData<Intent[]>(intentsKey, (old) =>
        old === undefined
          ? [intent]
          : old.some((i) => i.id === intent.id)
            ? old.map((i) => (i.id === intent.id ? intent : i))
            : [...old, intent],
      );
      setEdit(null);
      setShowErrors(false);
      if (input.target.key === 'new') setSelected({ language, section: sectionKey, id: intent.id });
      toast.success(t('saved'));
      invalidateAfterWrite();
    },
    onError: (error) => toastError(error),
  });

  const saveEngine = useMutation({
    mutationFn: (input: { part: 'instructions' | 'fallback'; settings: Partial<Bot['settings']> }) =>
      updateBotEngine(bot.id, { settings: { ...bot.settings, ...input.settings } }),
    onSuccess: (_, input) => {
      // The bot shows the saved settings at once, so the section is clean before the re-read.
      queryClient.setQueryData<Bot>(builderKeys.bot(bot.id), (old) =>
        old === undefined ? old : { ...old, settings: { ...old.settings, ...input.settings } },
      );
      if (input.part === 'instructions') setInstructionsDraft(null);
      else setFallbackDraft(null);
      toast.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: builderKeys.bot(bot.id), exact: true });
    },
    onError: (error) => toastError(error),
  });

  const removeIntent = useMutation({
    mutationFn: (input: { intent: Intent; allLanguages: boolean }) =>
      deleteIntent(bot.id, input.intent.id, input.allLanguages),
    onSuccess: (_, input) => {
      queryClient.setQueryData<Intent[]>(intentsKey, (old) => old?.filter((i) => i.id !== input.intent.id));
      if (selected?.id === input.intent.id) setSelected(null);
      setEdit(null);
      setDeleting(null);
      toast.success(t('delete.done'));
      invalidateAfterWrite();
    },
    onError: (error) => toastError(error),
  });

  const copy = useMutation({
    mutationFn: (intentIds: string[] | undefined) => copyIntents(bot.id, language, intentIds),
    onSuccess: () => {
      toast.success(t('copy.done'));
      invalidateAfterWrite();
    },
    onError: (error) => toastError(error),
  });

  const confirmCopy = (intentIds: string[] | undefined) =>
    modals.openConfirmModal({
      title: t('copy.title'),
      children: <Text size="sm">{intentIds === undefined ? t('copy.confirmAll') : t('copy.confirm')}</Text>,
      labels: { confirm: t('copy.yes'), cancel: t('cancel') },
      onConfirm: () => copy.mutate(intentIds),
    });

  const onDraftChange = (next: IntentDraft) => {
    if (target !== null) setEdit({ language, key: target.key, draft: next });
  };
  const onSave = () => {
    if (target === null || draft === null) return;
    if (errors.length > 0) {
      setShowErrors(true);
      toast.error(t(`draftErrors.${errors[0] as DraftError}`), { id: 'intent-invalid' });
      return;
    }
    saveIntent.mutate({ target, draft });
  };

  // What the emulator answers from: the saved intents with the open draft in place.
  const editorState: EditorState | null =
    target !== null && activeEdit !== null
      ? { id: target.saved?.id ?? null, section: target.section, draft: activeEdit.draft }
      : null;
  const draftIntents = () => emulatorDrafts(list, language, editorState, (s) => hasUserSays(s));

  const sectionIntents = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return list
      .filter((i) => i.section === sectionKey && !isDefaultIntent(i.name))
      .filter(
        (i) =>
          needle === '' ||
          i.name.toLowerCase().includes(needle) ||
          i.userSays.some((p) => p.toLowerCase().includes(needle)),
      )
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [list, sectionKey, filter]);

  const namePlaceholder =
    section.namePlaceholder === 'Enter Action Name'
      ? t('editor.actionNamePlaceholder')
      : t('editor.intentNamePlaceholder');

  const editor =
    target === null || draft === null ? null : (
      <Paper withBorder p="sm" radius="md" data-testid="intent-editor">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={3} size="h4">
              {target.key === 'new'
                ? t('editor.newTitle')
                : LIST_SECTIONS.includes(sectionKey)
                  ? (target.saved?.name ?? '')
                  : sectionKey === 'welcome-message'
                    ? t('sections.welcome-message.intentName')
                    : t('sections.fallback.intentName')}
            </Title>
            {intentDirty && (
              <Badge variant="light" color="yellow">
                {t('unsaved.badge')}
              </Badge>
            )}
          </Group>
          <IntentEditor
            draft={draft}
            onChange={onDraftChange}
            showName={LIST_SECTIONS.includes(sectionKey)}
            hasUserSays={hasUserSays(target.section)}
            namePlaceholder={namePlaceholder}
            errors={errors}
            showErrors={showErrors}
          />
          <Group gap="xs" wrap="wrap">
            <Button
              onClick={onSave}
              loading={saveIntent.isPending}
              disabled={!intentDirty && target.saved !== null}
            >
              {t('save')}
            </Button>
            {intentDirty && (
              <Button
                variant="subtle"
                onClick={() => {
                  setEdit(null);
                  setShowErrors(false);
                }}
              >
                {t('discard')}
              </Button>
            )}
            {target.saved !== null && multilingual && (
              <Button
                variant="light"
                onClick={() => confirmCopy([target.saved?.id ?? ''])}
                loading={copy.isPending}
                disabled={intentDirty}
              >
                {t('copy.one')}
              </Button>
            )}
            {target.saved !== null && LIST_SECTIONS.includes(sectionKey) && (
              <Button variant="light" color="red" onClick={() => setDeleting(target.saved)}>
                {t('delete.button')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    );

  const body = (() => {
    const usesIntents = !OWN_DATA_SECTIONS.includes(sectionKey);
    if (intents.isPending && usesIntents) return <SectionLoader label={t('loading')} />;
    if (intents.isError && usesIntents)
      return (
        <LoadFailed
          message={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void intents.refetch()}
        />
      );
    switch (sectionKey) {
      case 'agent-instructions':
        return (
          <InstructionsSection
            value={instructionsValue}
            llm={llm}
            dirty={instructionsDirty}
            saving={saveEngine.isPending}
            onChange={setInstructionsDraft}
            onSave={() =>
              saveEngine.mutate({ part: 'instructions', settings: { instructions: instructionsValue } })
            }
            onDiscard={() => setInstructionsDraft(null)}
          />
        );
      case 'knowledge-source':
        return <KnowledgeSection botId={bot.id} />;
      case 'help-center-faq':
        return <HelpCenterFaqSection botId={bot.id} language={language} onDirtyChange={setFaqDirty} />;
      case 'generate-code':
        return (
          <Suspense fallback={<SectionLoader label={t('loading')} />}>
            <GenerateCodeSection onDirtyChange={setCodeDirty} />
          </Suspense>
        );
      case 'welcome-message':
        return editor;
      case 'fallback':
        return (
          <Stack gap="md">
            {editor}
            <FallbackSettings
              botId={bot.id}
              value={fallbackValue}
              dirty={fallbackDirty}
              saving={saveEngine.isPending}
              showThreshold={!llm}
              onChange={setFallbackDraft}
              onSave={() => saveEngine.mutate({ part: 'fallback', settings: fallbackValue })}
              onDiscard={() => setFallbackDraft(null)}
            />
          </Stack>
        );
      case 'answers':
      case 'small-talk':
        return (
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <TextInput
                label={t('list.search')}
                value={filter}
                onChange={(e) => setFilter(e.currentTarget.value)}
                style={{ flex: '1 1 180px' }}
              />
              <Group gap="xs" wrap="wrap">
                <Button
                  onClick={() => switchTo(() => setSelected({ language, section: sectionKey, id: 'new' }))}
                >
                  {t('list.add')}
                </Button>
                {sectionKey === 'answers' && (
                  <Button variant="default" onClick={() => setEntitiesOpen(true)}>
                    {t('entities.open')}
                  </Button>
                )}
                {multilingual && sectionIntents.length > 0 && (
                  <Button
                    variant="light"
                    onClick={() => confirmCopy(undefined)}
                    loading={copy.isPending}
                    disabled={dirty}
                  >
                    {t('copy.all')}
                  </Button>
                )}
              </Group>
            </Group>
            {sectionIntents.length === 0 && target?.key !== 'new' ? (
              <Text c="dimmed" ta="center" py="md">
                {filter.trim() === '' ? t('list.empty') : t('list.noMatch')}
              </Text>
            ) : (
              <Stack
                gap={2}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={sectionTitle(sectionKey)}
              >
                {sectionIntents.map((intent) => (
                  <li key={intent.id}>
                    <NavLink
                      component="button"
                      type="button"
                      label={intent.name}
                      description={t('list.phrases', { count: intent.userSays.length })}
                      active={target?.key === intent.id}
                      aria-current={target?.key === intent.id ? 'true' : undefined}
                      onClick={() =>
                        target?.key !== intent.id &&
                        switchTo(() => setSelected({ language, section: sectionKey, id: intent.id }))
                      }
                    />
                  </li>
                ))}
              </Stack>
            )}
            {editor}
          </Stack>
        );
    }
  })();

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 3 }}>
        <Stack gap={2} component="nav" aria-label={t('sections.label')}>
          {sections.map((s) => (
            <NavLink
              key={s.key}
              component="button"
              type="button"
              label={sectionTitle(s.key)}
              active={s.key === sectionKey}
              aria-current={s.key === sectionKey ? 'page' : undefined}
              onClick={() =>
                s.key !== sectionKey &&
                switchTo(() => {
                  setSectionKey(s.key);
                  setFilter('');
                })
              }
            />
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="sm" component="section" aria-labelledby="builder-section-heading">
          <Stack gap={2}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Title order={2} size="h3" id="builder-section-heading">
                {sectionTitle(sectionKey)}
              </Title>
              {/* Below lg the test panel sits under the editor: one step to reach it. */}
              <Button
                hiddenFrom="lg"
                size="compact-sm"
                variant="light"
                onClick={() => {
                  const input = document.getElementById(EMULATOR_INPUT_ID);
                  input?.scrollIntoView({ block: 'center' });
                  input?.focus();
                }}
              >
                {t('emulator.jump')}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {t(`sections.${sectionKey}.description`)}
            </Text>
          </Stack>
          {body}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        {!llm && <TrainingWarnings botId={bot.id} language={language} />}
        <EmulatorPanel
          key={`${bot.id}:${language}`}
          botId={bot.id}
          language={language}
          draftIntents={draftIntents}
          confidenceThreshold={llm ? undefined : fallbackValue.confidenceThreshold}
          targets={list.filter((i) => hasUserSays(i.section)).map((i) => ({ name: i.name }))}
          onCorrected={invalidateAfterWrite}
        />
      </Grid.Col>
      {entitiesOpen && (
        <EntitiesModal
          botId={bot.id}
          language={language}
          languageName={LANGUAGE_NAMES[language]}
          onClose={() => setEntitiesOpen(false)}
        />
      )}
      {deleting !== null && (
        <DeleteAnswerModal
          intent={deleting}
          multilingual={multilingual}
          busy={removeIntent.isPending}
          onClose={() => setDeleting(null)}
          onDelete={(allLanguages) => removeIntent.mutate({ intent: deleting, allLanguages })}
        />
      )}
    </Grid>
  );
}
