// Settings → Conversation transcript: who is mailed a conversation's transcript when it is
// resolved (by an agent, in bulk or by auto-resolve): the customer, the assignee, a few more
// addresses. The server queues the mail when the resolve commits.

import { TRANSCRIPT_EXTRA_RECIPIENTS_MAX, transcriptRecipientSchema } from '@convo/api';
import { Button, Group, Stack, Switch, TagsInput, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { useSaveTranscriptSettings, useTranscriptSettings } from '../api/conversation-settings-api';
import { SettingsLoadState } from '../components/settings-load-state';

const isEmail = (value: string) => transcriptRecipientSchema.safeParse(value).success;

/** Trimmed and lower-cased as the server stores them, the same address once. */
const normalise = (values: string[]) => [
  ...new Set(values.map((v) => v.trim().toLowerCase()).filter((v) => v !== '')),
];

export function TranscriptSettingsPage() {
  const { t } = useTranslation('conversationSettings');
  const settings = useTranscriptSettings();
  const save = useSaveTranscriptSettings();
  const [toCustomer, setToCustomer] = useState(false);
  const [toAssignee, setToAssignee] = useState(false);
  const [extra, setExtra] = useState<string[]>([]);
  useEffect(() => {
    if (!settings.data) return;
    setToCustomer(settings.data.sendToCustomerOnResolve);
    setToAssignee(settings.data.sendToAssigneeOnResolve);
    setExtra(settings.data.extraRecipients);
  }, [settings.data]);

  if (!settings.isSuccess) return <SettingsLoadState query={settings} />;
  const invalid = extra.filter((address) => !isEmail(address));
  const nobody = !toCustomer && !toAssignee && extra.length === 0;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid.length > 0) return;
        save.mutate(
          {
            sendToCustomerOnResolve: toCustomer,
            sendToAssigneeOnResolve: toAssignee,
            extraRecipients: extra,
          },
          { onSuccess: () => toast.success(t('saved')) },
        );
      }}
    >
      <Stack gap="md" maw={640}>
        <PageHeader title={t('transcript.title')} description={t('transcript.help')} />
        <Switch
          checked={toCustomer}
          onChange={(e) => setToCustomer(e.currentTarget.checked)}
          label={t('transcript.toCustomer')}
          description={t('transcript.toCustomerHelp')}
          data-testid="transcript-to-customer"
        />
        <Switch
          checked={toAssignee}
          onChange={(e) => setToAssignee(e.currentTarget.checked)}
          label={t('transcript.toAssignee')}
          description={t('transcript.toAssigneeHelp')}
          data-testid="transcript-to-assignee"
        />
        <TagsInput
          label={t('transcript.extra')}
          description={t('transcript.extraHelp', { max: TRANSCRIPT_EXTRA_RECIPIENTS_MAX })}
          placeholder={
            extra.length < TRANSCRIPT_EXTRA_RECIPIENTS_MAX ? t('transcript.extraPlaceholder') : undefined
          }
          value={extra}
          onChange={(values) => setExtra(normalise(values))}
          splitChars={[',', ' ', ';']}
          maxTags={TRANSCRIPT_EXTRA_RECIPIENTS_MAX}
          acceptValueOnBlur
          clearable
          error={invalid.length > 0 ? t('transcript.invalid', { addresses: invalid.join(', ') }) : undefined}
          data-testid="transcript-extra"
        />
        <Text size="sm" c="dimmed" data-testid="transcript-summary">
          {nobody ? t('transcript.off') : t('transcript.contents')}
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={invalid.length > 0}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
