// The credentials form of each external engine: its fields (secrets are write-only: the form never
// shows a stored one, it says it is set) and the PUT body built from what was typed.

import type { BotCredentialsUpdate, CredentialsView } from '@convo/api';
import type { ExternalBotEngine } from '@convo/domain';

export interface CredentialField {
  name: string;
  /** 'secret' fields are typed again to change; 'json' is the pasted service account key file. */
  kind: 'text' | 'url' | 'secret' | 'json';
  required: boolean;
  placeholder?: string;
}

export const EXTERNAL_FIELDS: Readonly<Record<ExternalBotEngine, readonly CredentialField[]>> = {
  dialogflow: [
    { name: 'projectId', kind: 'text', required: true, placeholder: 'my-agent-1a2b3' },
    { name: 'serviceAccountKey', kind: 'json', required: false },
  ],
  dialogflowcx: [
    { name: 'projectId', kind: 'text', required: true, placeholder: 'my-project' },
    { name: 'location', kind: 'text', required: true, placeholder: 'global' },
    { name: 'agentId', kind: 'text', required: true, placeholder: '1b2c3d4e-…' },
    { name: 'serviceAccountKey', kind: 'json', required: false },
  ],
  amazonlex: [
    { name: 'region', kind: 'text', required: true, placeholder: 'us-east-1' },
    { name: 'botId', kind: 'text', required: true, placeholder: 'ABCDEFGHIJ' },
    { name: 'botAliasId', kind: 'text', required: true, placeholder: 'TSTALIASID' },
    { name: 'localeId', kind: 'text', required: true, placeholder: 'en_US' },
    { name: 'accessKeyId', kind: 'text', required: true, placeholder: 'AKIA…' },
    { name: 'secretAccessKey', kind: 'secret', required: true },
  ],
  watson: [
    {
      name: 'serviceUrl',
      kind: 'url',
      required: true,
      placeholder: 'https://api.us-south.assistant.watson.cloud.ibm.com/instances/…',
    },
    { name: 'assistantId', kind: 'text', required: true },
    { name: 'apiKey', kind: 'secret', required: true },
  ],
  custom: [
    { name: 'webhookUrl', kind: 'url', required: true, placeholder: 'https://bot.example.com/convo' },
    { name: 'token', kind: 'secret', required: false },
  ],
};

export type CredentialValues = Record<string, string>;

/** The form's start: the stored identifiers of that engine (secrets empty), else the defaults. */
export function credentialValuesOf(
  engine: ExternalBotEngine,
  stored: CredentialsView | null,
): CredentialValues {
  const values: CredentialValues = {};
  for (const field of EXTERNAL_FIELDS[engine]) {
    const kept = stored?.engine === engine ? stored.fields[field.name] : undefined;
    values[field.name] =
      kept ?? (field.name === 'location' ? 'global' : field.name === 'localeId' ? 'en_US' : '');
  }
  return values;
}

/** The first missing required field, or null. A stored secret must be typed again to save. */
export function missingField(engine: ExternalBotEngine, values: CredentialValues): string | null {
  return (
    EXTERNAL_FIELDS[engine].find((f) => f.required && (values[f.name] ?? '').trim() === '')?.name ?? null
  );
}

export function credentialsBodyOf(
  botEngine: ExternalBotEngine | 'viaKM',
  engine: ExternalBotEngine,
  values: CredentialValues,
): BotCredentialsUpdate {
  const credentials: Record<string, string> = { engine };
  for (const field of EXTERNAL_FIELDS[engine]) {
    const value = (values[field.name] ?? '').trim();
    if (value !== '') credentials[field.name] = value;
  }
  return { engine: botEngine, credentials } as BotCredentialsUpdate;
}
