import { type Integration, MAX_VOICE_AGENT_NUMBERS, voiceTwilioConnectRequestSchema } from '@convo/api';
import { useTranslation } from 'react-i18next';
import { ConnectForm } from '../credentials-connect-form';
import { NS } from '../shared';
import { agentNumbersOf } from './agent-numbers';

// Phone calls through Twilio: the account's SID and auth token, the Twilio number customers call
// and the agents' phones it rings (one per line). Checked with Twilio by the server, which points
// the number's incoming calls at us; the token is stored sealed and never shown again.

export function VoiceConnectForm({ integration }: { integration: Integration }) {
  const { t } = useTranslation(NS);
  const max = MAX_VOICE_AGENT_NUMBERS;
  return (
    <ConnectForm
      integration={integration}
      type="voice-twilio"
      howTo={t('voice.howTo')}
      fields={[
        {
          name: 'accountSid',
          input: 'text',
          label: t('voice.accountSid'),
          placeholder: 'AC…',
          maxLength: 64,
          testId: 'voice-account-sid',
          invalid: t('voice.invalidSid'),
        },
        {
          name: 'authToken',
          input: 'password',
          label: t('voice.authToken'),
          description: t('voice.stored'),
          maxLength: 64,
          testId: 'voice-auth-token',
          invalid: t('voice.invalidToken'),
        },
        {
          name: 'phoneNumber',
          input: 'tel',
          label: t('voice.phoneNumber'),
          placeholder: '+14155550100',
          maxLength: 30,
          testId: 'voice-phone-number',
          invalid: t('voice.invalidNumber'),
        },
        {
          name: 'agentNumbers',
          input: 'textarea',
          label: t('voice.agentNumbers'),
          description: t('voice.agentNumbersHint', { max }),
          placeholder: '+14155550111\n+14155550122',
          maxLength: 400,
          testId: 'voice-agent-numbers',
          invalid: t('voice.invalidAgents', { max }),
        },
      ]}
      schema={voiceTwilioConnectRequestSchema}
      // One agent's phone a line: the contract takes them as a list.
      toBody={(values) => ({ ...values, agentNumbers: agentNumbersOf(values.agentNumbers ?? '') })}
      connectLabel={t('voice.connect')}
      reconnectLabel={t('voice.reconnect')}
    />
  );
}
