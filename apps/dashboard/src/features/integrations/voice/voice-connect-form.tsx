import { type Integration, MAX_VOICE_AGENT_NUMBERS, voiceTwilioConnectRequestSchema } from '@convo/api';
import { Button, Group, PasswordInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { useConnectIntegration } from '../api';
import { NS, toastIntegrationError } from '../shared';
import { agentNumbersOf } from './agent-numbers';

// Phone calls through Twilio: the account's SID and auth token, the Twilio number customers call
// and the agents' phones it rings (one per line). Checked with Twilio by the server, which points
// the number's incoming calls at us; the token is stored sealed and never shown again.

const shape = voiceTwilioConnectRequestSchema.shape;

export function VoiceConnectForm({ integration }: { integration: Integration }) {
  const { t } = useTranslation(NS);
  const connect = useConnectIntegration('voice-twilio');
  const max = MAX_VOICE_AGENT_NUMBERS;
  const form = useForm({
    initialValues: { accountSid: '', authToken: '', phoneNumber: '', agentNumbers: '' },
    validate: {
      accountSid: (v) => (shape.accountSid.safeParse(v).success ? null : t('voice.invalidSid')),
      authToken: (v) => (shape.authToken.safeParse(v).success ? null : t('voice.invalidToken')),
      phoneNumber: (v) => (shape.phoneNumber.safeParse(v).success ? null : t('voice.invalidNumber')),
      agentNumbers: (v) =>
        shape.agentNumbers.safeParse(agentNumbersOf(v)).success ? null : t('voice.invalidAgents', { max }),
    },
  });
  const submit = form.onSubmit((values) =>
    connect.mutate(
      voiceTwilioConnectRequestSchema.parse({
        accountSid: values.accountSid,
        authToken: values.authToken,
        phoneNumber: values.phoneNumber,
        agentNumbers: agentNumbersOf(values.agentNumbers),
      }),
      {
        onSuccess: (connected) => {
          toast.success(t('details.connected', { name: connected.displayName || t('names.voice-twilio') }));
          form.reset();
        },
        onError: toastIntegrationError,
      },
    ),
  );
  const connected = integration.status !== 'not_connected';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('voice.howTo')}</Text>
        <TextInput
          label={t('voice.accountSid')}
          placeholder="AC…"
          autoComplete="off"
          maxLength={64}
          data-testid="voice-account-sid"
          {...form.getInputProps('accountSid')}
        />
        <PasswordInput
          label={t('voice.authToken')}
          description={t('voice.stored')}
          autoComplete="off"
          maxLength={64}
          data-testid="voice-auth-token"
          {...form.getInputProps('authToken')}
        />
        <TextInput
          label={t('voice.phoneNumber')}
          placeholder="+14155550100"
          type="tel"
          autoComplete="off"
          maxLength={30}
          data-testid="voice-phone-number"
          {...form.getInputProps('phoneNumber')}
        />
        <Textarea
          label={t('voice.agentNumbers')}
          description={t('voice.agentNumbersHint', { max })}
          placeholder={'+14155550111\n+14155550122'}
          autosize
          minRows={2}
          maxRows={10}
          maxLength={400}
          data-testid="voice-agent-numbers"
          {...form.getInputProps('agentNumbers')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={connect.isPending} data-testid="voice-twilio-connect">
            {connected ? t('voice.reconnect') : t('voice.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
