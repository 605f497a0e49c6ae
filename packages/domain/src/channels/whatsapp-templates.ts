// WhatsApp message templates (every provider: Cloud API, 360dialog, Gallabox, Twilio's Content
// API) number their parameters {{1}}, {{2}}…: an agent must give one value per distinct
// placeholder, and the inbox shows the message filled in as the customer reads it. A template may
// also have a header (text with one {{1}}, or an image, document or video sent by link) and
// buttons (a URL button whose link ends in {{1}}, quick replies that may carry a payload).

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

/** The distinct {{n}} numbers of a text, in ascending order. */
function placeholderNumbers(text: string): number[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => Number(m[1])))].sort((a, b) => a - b);
}

/** The number of distinct {{n}} placeholders in a template's body. */
export function templateParameterCount(body: string): number {
  return placeholderNumbers(body).length;
}

/**
 * A template text with its placeholders filled in, as the customer reads it: the values go to the
 * distinct placeholders in ascending order ({{1}}, {{2}}… on Meta; Twilio numbers across the whole
 * template, so a body may start at {{2}}). A placeholder without a value (or an empty one) stays
 * visible.
 */
export function renderTemplate(body: string, parameters: readonly string[]): string {
  const numbers = placeholderNumbers(body);
  return body.replace(PLACEHOLDER, (whole, n: string) => parameters[numbers.indexOf(Number(n))] || whole);
}

/** Approved templates are the only ones a provider sends (statuses are spelled in any case). */
export function isApprovedTemplateStatus(status: string): boolean {
  return status.trim().toLowerCase() === 'approved';
}

export const TEMPLATE_MEDIA_FORMATS = ['IMAGE', 'DOCUMENT', 'VIDEO'] as const;
export type TemplateMediaFormat = (typeof TEMPLATE_MEDIA_FORMATS)[number];

/** A template's header and buttons as the provider lists them (formats and types in upper case). */
export interface TemplateComponents {
  body: string;
  /** TEXT (its text may hold one {{n}}), IMAGE, DOCUMENT, VIDEO, LOCATION… */
  header?: { format: string; text?: string };
  /** URL (its url may end in {{n}}), QUICK_REPLY (a `payload` the template fixes, if any)… */
  buttons?: readonly { type: string; text: string; url?: string; payload?: string }[];
}

export type TemplateHeaderValue =
  | { type: 'text'; text: string }
  | { type: 'image' | 'video'; link: string }
  | { type: 'document'; link: string; filename?: string };

export type TemplateButtonValue =
  | { index: number; type: 'url'; text: string }
  | { index: number; type: 'quick_reply'; payload: string };

/** What an agent fills in: the body's values, the header's and the buttons' (by button index). */
export interface TemplateValues {
  parameters: readonly string[];
  header?: TemplateHeaderValue;
  buttons?: readonly TemplateButtonValue[];
}

export type TemplateProblemCode = 'INVALID_PARAMETER' | 'TEMPLATE_HEADER_INVALID' | 'TEMPLATE_BUTTON_INVALID';
export interface TemplateProblem {
  code: TemplateProblemCode;
  message: string;
}

const isMediaFormat = (format: string): format is TemplateMediaFormat =>
  (TEMPLATE_MEDIA_FORMATS as readonly string[]).includes(format);

/** An absolute https URL with a host (the domain package has no URL parser: a pattern). */
const isHttpsLink = (link: string): boolean => /^https:\/\/[^\s/?#@:]+(:\d+)?([/?#]\S*)?$/i.test(link);

function headerProblem(template: TemplateComponents, header: TemplateHeaderValue | undefined): string | null {
  const format = template.header?.format.toUpperCase();
  if (format === undefined) return header ? 'The template has no header; leave the header out.' : null;
  if (format === 'TEXT') {
    const count = templateParameterCount(template.header?.text ?? '');
    if (count === 0) return header ? 'The template’s header is fixed text; leave the header out.' : null;
    return header?.type === 'text' ? null : 'The template’s header takes a text value.';
  }
  if (isMediaFormat(format)) {
    const kind = format.toLowerCase();
    const article = kind === 'image' ? 'an' : 'a';
    if (!header || header.type === 'text' || header.type !== kind)
      return `The template’s header takes ${article} ${kind} link.`;
    // WhatsApp fetches the file itself: only a public https link reaches it.
    return isHttpsLink(header.link) ? null : `The header’s ${kind} link must be an https URL.`;
  }
  return `The template’s ${format.toLowerCase()} header cannot be sent from the inbox.`;
}

function buttonProblem(template: TemplateComponents, values: readonly TemplateButtonValue[]): string | null {
  const buttons = template.buttons ?? [];
  const seen = new Set<number>();
  for (const value of values) {
    const button = buttons[value.index];
    const label = `Button ${value.index + 1}`;
    if (!button) return `The template has no button ${value.index + 1}.`;
    if (seen.has(value.index)) return `${label} is given twice.`;
    seen.add(value.index);
    const type = button.type.toUpperCase();
    if (value.type === 'url' && (type !== 'URL' || templateParameterCount(button.url ?? '') === 0))
      return `${label} (${button.text}) takes no URL value.`;
    if (value.type === 'quick_reply' && (type !== 'QUICK_REPLY' || button.payload !== undefined))
      return `${label} (${button.text}) takes no payload.`;
  }
  const missing = buttons.findIndex(
    (b, i) => b.type.toUpperCase() === 'URL' && templateParameterCount(b.url ?? '') > 0 && !seen.has(i),
  );
  return missing < 0
    ? null
    : `Button ${missing + 1} (${buttons[missing]!.text}) needs the end of its link (its {{1}}).`;
}

/**
 * Whether the values fit the template: one value per body placeholder, the header the template's
 * header takes (a value for a text header with {{1}}, an https link for a media header, nothing
 * otherwise), a URL suffix for each URL button with a variable and values only for buttons that
 * take them. Null when they fit.
 */
export function templateValuesProblem(
  template: TemplateComponents,
  values: TemplateValues,
): TemplateProblem | null {
  const count = templateParameterCount(template.body);
  if (values.parameters.length !== count)
    return {
      code: 'INVALID_PARAMETER',
      message: `The template takes ${count} body parameter(s); ${values.parameters.length} given.`,
    };
  const header = headerProblem(template, values.header);
  if (header) return { code: 'TEMPLATE_HEADER_INVALID', message: header };
  const buttons = buttonProblem(template, values.buttons ?? []);
  if (buttons) return { code: 'TEMPLATE_BUTTON_INVALID', message: buttons };
  return null;
}

const MEDIA_LABEL: Record<TemplateMediaFormat, string> = {
  IMAGE: 'Image',
  DOCUMENT: 'Document',
  VIDEO: 'Video',
};

/**
 * The whole message as the customer reads it, for the inbox: the header (its text, or the media
 * and its link), the body, then one line per button (`[label]`, and the link a URL button opens).
 */
export function renderTemplateMessage(template: TemplateComponents, values: TemplateValues): string {
  const sections: string[] = [];
  const header = values.header;
  if (template.header?.format.toUpperCase() === 'TEXT' && template.header.text)
    sections.push(renderTemplate(template.header.text, header?.type === 'text' ? [header.text] : []));
  else if (header && header.type !== 'text') {
    const label = MEDIA_LABEL[header.type.toUpperCase() as TemplateMediaFormat];
    const name = header.type === 'document' && header.filename ? ` (${header.filename})` : '';
    sections.push(`[${label}${name}] ${header.link}`);
  }
  sections.push(renderTemplate(template.body, values.parameters));
  const lines = (template.buttons ?? []).map((button, index) => {
    if (button.type.toUpperCase() !== 'URL' || !button.url) return `[${button.text}]`;
    const value = values.buttons?.find((b) => b.index === index);
    return `[${button.text}] ${renderTemplate(button.url, value?.type === 'url' ? [value.text] : [])}`;
  });
  if (lines.length > 0) sections.push(lines.join('\n'));
  return sections.filter((s) => s !== '').join('\n\n');
}

/**
 * Every value by its placeholder number across the whole template, for a provider that numbers
 * them so (Twilio's ContentVariables: header, body and button links share one numbering).
 */
export function templateVariables(
  template: TemplateComponents,
  values: TemplateValues,
): Record<string, string> {
  const variables: Record<string, string> = {};
  const assign = (text: string | undefined, given: readonly string[]) => {
    placeholderNumbers(text ?? '').forEach((n, i) => {
      const value = given[i];
      if (value !== undefined) variables[String(n)] = value;
    });
  };
  const header = values.header;
  if (template.header?.format.toUpperCase() === 'TEXT')
    assign(template.header.text, header?.type === 'text' ? [header.text] : []);
  assign(template.body, values.parameters);
  (template.buttons ?? []).forEach((button, index) => {
    const value = values.buttons?.find((b) => b.index === index);
    if (value?.type === 'url') assign(button.url, [value.text]);
  });
  return variables;
}
