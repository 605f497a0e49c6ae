import { describe, expect, it } from 'vitest';
import { credentialsBodyOf, credentialValuesOf, EXTERNAL_FIELDS, missingField } from './external-fields';

describe('external credentials form', () => {
  it('starts from the stored identifiers of the same engine, never a secret', () => {
    const stored = {
      engine: 'amazonlex',
      fields: { region: 'eu-west-1', botId: 'B1', botAliasId: 'A1', localeId: 'en_GB', accessKeyId: 'AK' },
      configured: ['secretAccessKey'],
    };
    expect(credentialValuesOf('amazonlex', stored)).toEqual({
      region: 'eu-west-1',
      botId: 'B1',
      botAliasId: 'A1',
      localeId: 'en_GB',
      accessKeyId: 'AK',
      secretAccessKey: '',
    });
    // Another engine's summary is not used; defaults fill what has one.
    expect(credentialValuesOf('dialogflowcx', stored)).toMatchObject({ location: 'global', projectId: '' });
  });

  it('names the first missing required field; optional secrets may stay empty', () => {
    expect(missingField('custom', { webhookUrl: ' ', token: '' })).toBe('webhookUrl');
    expect(missingField('custom', { webhookUrl: 'https://bot.example/hook', token: '' })).toBeNull();
    expect(missingField('watson', { serviceUrl: 'https://w.example', assistantId: 'a', apiKey: '' })).toBe(
      'apiKey',
    );
  });

  it('sends only the typed fields, trimmed, and viaKM names its second engine in the credentials', () => {
    expect(
      credentialsBodyOf('custom', 'custom', { webhookUrl: ' https://bot.example/hook ', token: '' }),
    ).toEqual({
      engine: 'custom',
      credentials: { engine: 'custom', webhookUrl: 'https://bot.example/hook' },
    });
    const via = credentialsBodyOf('viaKM', 'watson', {
      serviceUrl: 'https://w.example',
      assistantId: 'a',
      apiKey: 'k',
    });
    expect(via).toEqual({
      engine: 'viaKM',
      credentials: { engine: 'watson', serviceUrl: 'https://w.example', assistantId: 'a', apiKey: 'k' },
    });
    expect(EXTERNAL_FIELDS.dialogflow.map((f) => f.name)).toEqual(['projectId', 'serviceAccountKey']);
  });
});
