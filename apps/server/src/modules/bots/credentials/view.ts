import { CREDENTIAL_SECRET_FIELDS, type CredentialsView, credentialsViewSchema } from '@convo/api';

// What the API may say about an external engine's credentials: the identifiers as typed and the
// names of the secrets that are set. It is kept in the bot's settings beside the sealed record, so
// listing bots decrypts nothing; the settings' contract never returns it as a setting.

export const CREDENTIALS_SUMMARY_KEY = 'credentialsSummary';

const SECRETS: ReadonlySet<string> = new Set(CREDENTIAL_SECRET_FIELDS);

/** The summary of credentials as stored (the sealed record's plain object). */
export function summaryOf(credentials: Record<string, unknown>): CredentialsView {
  const fields: Record<string, string> = {};
  const configured: string[] = [];
  for (const [key, value] of Object.entries(credentials)) {
    if (key === 'engine' || value === undefined || value === null || value === '') continue;
    if (SECRETS.has(key)) {
      configured.push(key);
      // The service account's e-mail says which key is stored; the key itself stays sealed.
      if (key === 'serviceAccountKey' && typeof value === 'object') {
        const email = (value as { client_email?: unknown }).client_email;
        if (typeof email === 'string') fields.serviceAccountEmail = email;
      }
    } else if (typeof value === 'string' || typeof value === 'number') fields[key] = String(value);
  }
  return { engine: String(credentials.engine ?? ''), fields, configured: configured.sort() };
}

/** The stored summary, or null (none stored, or unreadable). */
export function storedSummary(settings: Record<string, unknown>): CredentialsView | null {
  const parsed = credentialsViewSchema.safeParse(settings[CREDENTIALS_SUMMARY_KEY]);
  return parsed.success ? parsed.data : null;
}
