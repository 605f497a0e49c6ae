// WhatsApp message templates (every provider: Cloud API, 360dialog, Gallabox, Twilio's Content
// API) number their body parameters {{1}}, {{2}}…: an agent must give one value per distinct
// placeholder, and the inbox shows the body filled in as the customer reads it.

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

/** The number of distinct {{n}} placeholders in a template's body. */
export function templateParameterCount(body: string): number {
  return new Set([...body.matchAll(PLACEHOLDER)].map((m) => Number(m[1]))).size;
}

/** A template's body with its {{n}} filled in, as the customer reads it. */
export function renderTemplate(body: string, parameters: readonly string[]): string {
  return body.replace(PLACEHOLDER, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
}

/** Approved templates are the only ones a provider sends (statuses are spelled in any case). */
export function isApprovedTemplateStatus(status: string): boolean {
  return status.trim().toLowerCase() === 'approved';
}
