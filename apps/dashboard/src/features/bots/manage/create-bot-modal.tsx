import { BOT_LANGUAGES, type BotLanguage } from '@convo/domain';
import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { FormModal } from '../../../components/form-modal';
import { UpgradeNotice, useLockedFeature } from '../../billing/components/feature-gate';
import { useCreateBot } from '../api';
import { ENGINE_CARDS } from '../bot-screens';
import { NS, toastBotError, useWording } from '../bots-shared';

interface Values {
  name: string;
  engine: string;
  defaultLanguage: BotLanguage;
}

/** Name, engine and default language of a new bot (kompose and English unless chosen). */
export function CreateBotModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const wording = useWording();
  const create = useCreateBot();
  const llmLocked = useLockedFeature('llmBots') !== null;
  const form = useForm<Values>({
    initialValues: { name: '', engine: 'kompose', defaultLanguage: 'en' },
    validate: { name: (v) => (v.trim() === '' ? t('create.nameRequired') : null) },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(
      { name: values.name.trim(), engine: values.engine, defaultLanguage: values.defaultLanguage },
      {
        onSuccess: (bot) => {
          toast.success(t('manage.created', { name: bot.name }));
          onClose();
        },
        onError: toastBotError,
      },
    ),
  );
  return (
    <FormModal
      opened
      title={t('create.title', wording)}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('create.submit')}
      busy={create.isPending}
      noValidate
    >
      <TextInput
        label={t('create.name')}
        placeholder={t('create.namePlaceholder')}
        required
        maxLength={120}
        data-autofocus
        data-testid="create-bot-name"
        {...form.getInputProps('name')}
      />
      <Select
        label={t('create.engine')}
        data={ENGINE_CARDS.map((card) => ({
          value: card.engine,
          label: card.displayName,
          disabled: llmLocked && card.needsCredentials,
        }))}
        allowDeselect={false}
        data-testid="create-bot-engine"
        {...form.getInputProps('engine')}
      />
      <UpgradeNotice feature="llmBots" />
      <Select
        label={t('create.defaultLanguage')}
        data={BOT_LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
        allowDeselect={false}
        {...form.getInputProps('defaultLanguage')}
      />
    </FormModal>
  );
}
