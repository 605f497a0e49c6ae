// Create or edit one suggestion: category (free text, existing ones offered), name, content, the bot
// it belongs to (or every bot) and whether it may carry a rich message.

import type { Bot, Suggestion } from '@convo/api';
import { Autocomplete, Checkbox, Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { FormModal } from '../../../components/form-modal';
import { NS, toastBotError } from '../bots-shared';
import {
  SUGGESTION_LIMITS,
  type SuggestionValues,
  suggestionBody,
  suggestionInitial,
} from './suggestion-filters';
import { useSaveSuggestion } from './suggestions-api';

interface Props {
  /** Absent: a new suggestion. */
  suggestion?: Suggestion;
  /** The bot a new suggestion starts on ('' for every bot). */
  defaultBotId: string;
  bots: readonly Bot[];
  categories: readonly string[];
  onClose: () => void;
}

export function SuggestionModal({ suggestion, defaultBotId, bots, categories, onClose }: Props) {
  const { t } = useTranslation(NS);
  const save = useSaveSuggestion();
  const form = useForm<SuggestionValues>({
    initialValues: suggestionInitial(suggestion, defaultBotId),
    validate: {
      name: (v) => (v.trim() === '' ? t('suggestions.nameRequired') : null),
      content: (v) => (v.trim() === '' ? t('suggestions.contentRequired') : null),
    },
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: suggestion?.id, body: suggestionBody(values) },
      {
        onSuccess: (saved) => {
          toast.success(t(suggestion ? 'suggestions.updated' : 'suggestions.created', { name: saved.name }));
          onClose();
        },
        onError: toastBotError,
      },
    ),
  );
  const botOptions = [
    { value: '', label: t('suggestions.allBots') },
    ...bots.map((bot) => ({ value: bot.id, label: bot.name })),
  ];
  // A suggestion of a bot deleted since keeps its id selectable rather than silently moving.
  const botId = form.values.botId;
  if (botId !== '' && !bots.some((bot) => bot.id === botId))
    botOptions.push({ value: botId, label: t('suggestions.unknownBot') });
  return (
    <FormModal
      opened
      title={t(suggestion ? 'suggestions.editTitle' : 'suggestions.createTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t(suggestion ? 'suggestions.save' : 'suggestions.create')}
      busy={save.isPending}
      noValidate
    >
      <TextInput
        label={t('suggestions.name')}
        placeholder={t('suggestions.namePlaceholder')}
        required
        maxLength={SUGGESTION_LIMITS.name}
        data-autofocus
        data-testid="suggestion-name"
        {...form.getInputProps('name')}
      />
      <Autocomplete
        label={t('suggestions.category')}
        placeholder={t('suggestions.categoryPlaceholder')}
        data={[...categories]}
        maxLength={SUGGESTION_LIMITS.category}
        data-testid="suggestion-category"
        {...form.getInputProps('category')}
      />
      <Textarea
        label={t('suggestions.content')}
        placeholder={t('suggestions.contentPlaceholder')}
        required
        autosize
        minRows={3}
        maxRows={10}
        maxLength={SUGGESTION_LIMITS.content}
        data-testid="suggestion-content"
        {...form.getInputProps('content')}
      />
      <Select
        label={t('suggestions.bot')}
        data={botOptions}
        allowDeselect={false}
        data-testid="suggestion-bot"
        {...form.getInputProps('botId')}
      />
      <Checkbox
        label={t('suggestions.supportsRichMessage')}
        description={t('suggestions.supportsRichMessageHint')}
        data-testid="suggestion-rich"
        {...form.getInputProps('supportsRichMessage', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
