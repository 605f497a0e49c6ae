import { type ChatWidgetSettings, configurationSchema } from '@convo/api';
import { SOUNDS, type Sound, SUPPORTED_LANGUAGES } from '@convo/domain';
import { ActionIcon, Group, Select, Stack, Switch, TagsInput, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { playSound } from '../../../lib/notification-sound';
import { FormCard, NS, SaveBar, SectionPage, useSectionForm } from './section-page';

type Configuration = ChatWidgetSettings['configuration'];
const same = (value: Configuration): Configuration => value;
const domainSchema = configurationSchema.shape.allowedDomains.element;

function PlayIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M8 5v14l11-7z" />
    </svg>
  );
}

function ConfigurationForm({ settings }: { settings: ChatWidgetSettings }) {
  const { t } = useTranslation(NS);
  const { form, onSubmit, dirty, saving } = useSectionForm({
    section: 'configuration',
    initial: settings.configuration,
    toForm: same,
    fromForm: same,
  });
  const [domainError, setDomainError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const sound = form.values.notificationSound;
  const soundName = t(`configuration.sounds.${sound}`);

  const onDomains = (next: string[]) => {
    // Each new tag must be a host name; a rejected one stays out, with the reason shown.
    const accepted: string[] = [];
    let rejected: string | null = null;
    for (const tag of next) {
      const parsed = domainSchema.safeParse(tag);
      if (parsed.success) {
        if (!accepted.includes(parsed.data)) accepted.push(parsed.data);
      } else rejected = tag;
    }
    setDomainError(rejected === null ? null : t('configuration.domainRejected', { domain: rejected }));
    form.setFieldValue('allowedDomains', accepted);
  };

  const play = async () => {
    setPlaying(true);
    try {
      await playSound(sound);
    } finally {
      setPlaying(false);
    }
  };

  const domainsProps = form.getInputProps('allowedDomains');
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormCard>
        <Switch
          label={t('configuration.popupWidget')}
          description={t('configuration.popupWidgetHint')}
          {...form.getInputProps('popupWidget', { type: 'checkbox' })}
        />
        <Switch
          label={t('configuration.autoOpen')}
          description={t('configuration.autoOpenHint')}
          {...form.getInputProps('automaticChatOpenOnNavigation', { type: 'checkbox' })}
        />
        <Switch
          label={t('configuration.attachments')}
          description={t('configuration.attachmentsHint')}
          {...form.getInputProps('attachmentsEnabled', { type: 'checkbox' })}
        />

        <Stack gap={4}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Select
              style={{ flex: 1, maxWidth: 360 }}
              label={t('configuration.sound')}
              description={t('configuration.soundHint')}
              allowDeselect={false}
              data={SOUNDS.map((s) => ({ value: s, label: t(`configuration.sounds.${s}`) }))}
              {...form.getInputProps('notificationSound')}
              onChange={(value) => {
                if (value && (SOUNDS as readonly string[]).includes(value)) {
                  form.setFieldValue('notificationSound', value as Sound);
                }
              }}
            />
            <Tooltip label={t('configuration.play', { sound: soundName })}>
              <ActionIcon
                size="lg"
                variant="light"
                onClick={() => void play()}
                disabled={sound === 'no_sound'}
                loading={playing}
                aria-label={t('configuration.play', { sound: soundName })}
                data-testid="play-sound"
              >
                <PlayIcon />
              </ActionIcon>
            </Tooltip>
          </Group>
          {sound === 'no_sound' && (
            <Text size="xs" c="dimmed">
              {t('configuration.silent')}
            </Text>
          )}
        </Stack>

        <Select
          maw={360}
          label={t('configuration.defaultLanguage')}
          description={t('configuration.defaultLanguageHint')}
          allowDeselect={false}
          data={SUPPORTED_LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
          {...form.getInputProps('defaultLanguage')}
        />

        <TagsInput
          label={t('configuration.allowedDomains')}
          description={t('configuration.allowedDomainsHint')}
          placeholder={t('configuration.allowedDomainsPlaceholder')}
          clearable
          splitChars={[',', ' ']}
          value={form.values.allowedDomains}
          onChange={onDomains}
          onBlur={domainsProps.onBlur}
          error={domainError ?? domainsProps.error}
        />

        <Switch
          label={t('configuration.poweredBy')}
          description={t('configuration.poweredByHint')}
          {...form.getInputProps('showPoweredBy', { type: 'checkbox' })}
        />
        <SaveBar
          dirty={dirty}
          saving={saving}
          onDiscard={() => {
            setDomainError(null);
            form.reset();
          }}
        />
      </FormCard>
    </form>
  );
}

/** /settings/chat-widget-configuration: behaviour, sound, language, allowed websites. */
export function ConfigurationPage() {
  const { t } = useTranslation(NS);
  return (
    <SectionPage slug="chat-widget-configuration" description={t('configuration.description')}>
      {(settings) => <ConfigurationForm settings={settings} />}
    </SectionPage>
  );
}
