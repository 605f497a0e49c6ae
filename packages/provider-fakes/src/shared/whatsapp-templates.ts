// WhatsApp message templates as the WhatsApp fakes keep them: Meta's component list (which the
// Cloud API, 360dialog and Gallabox all list), and the check of a Cloud API template send against
// it (Meta's documented `template.components`: a header parameter, the body's, one `button`
// component per button with a variable). Independent of our own code on purpose: the fakes say
// what the provider accepts.

/** A template as a test registers it: the body, and optionally a header and buttons. */
export interface FakeWhatsAppTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  body: string;
  /** TEXT (`text`, maybe with {{1}}), IMAGE, DOCUMENT or VIDEO. */
  header?: { format: 'TEXT' | 'IMAGE' | 'DOCUMENT' | 'VIDEO'; text?: string };
  /** URL (`url`, maybe ending in {{1}}), QUICK_REPLY, PHONE_NUMBER. */
  buttons?: readonly { type: 'URL' | 'QUICK_REPLY' | 'PHONE_NUMBER'; text: string; url?: string }[];
}

/** The distinct {{n}} numbers of a text. */
export const placeholderNumbers = (text: string): string[] => [
  ...new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1]!)),
];

export const placeholderCount = (text: string): number => placeholderNumbers(text).length;

/** The template's `components` as Meta lists them (`extra` goes on each, e.g. Gallabox's fileMetaData). */
export function metaComponents(
  t: FakeWhatsAppTemplate,
  extra: Record<string, unknown> = {},
): Record<string, unknown>[] {
  const components: Record<string, unknown>[] = [];
  if (t.header)
    components.push({
      type: 'HEADER',
      format: t.header.format,
      ...(t.header.text !== undefined ? { text: t.header.text } : {}),
      ...extra,
    });
  components.push({ type: 'BODY', text: t.body, ...extra });
  if (t.buttons?.length) components.push({ type: 'BUTTONS', buttons: t.buttons, ...extra });
  return components;
}

type Json = Record<string, unknown>;
const asArray = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** The URL buttons whose link ends in a variable, by index. */
export const variableUrlButtons = (t: FakeWhatsAppTemplate): number[] =>
  (t.buttons ?? []).flatMap((b, i) => (b.type === 'URL' && placeholderCount(b.url ?? '') > 0 ? [i] : []));

export interface CloudTemplateError {
  status: number;
  code: number;
  message: string;
}

/**
 * What Meta answers a Cloud API `template` object sent with one of `templates`: #132001 for an
 * unknown name or language, #132000 for a wrong parameter count, #132012 for a parameter of the
 * wrong format; null when it fits.
 */
export function cloudTemplateError(
  templates: readonly FakeWhatsAppTemplate[],
  sent: unknown,
): CloudTemplateError | null {
  const template = isObject(sent) ? sent : {};
  const language = isObject(template.language) ? template.language.code : undefined;
  const t = templates.find((x) => x.name === template.name && x.language === language);
  if (!t)
    return {
      status: 404,
      code: 132001,
      message: '(#132001) Template name does not exist in the translation',
    };
  const count = (where: string) => ({
    status: 400,
    code: 132000,
    message: `(#132000) Number of parameters does not match the expected number of params (${where})`,
  });
  const format = (where: string) => ({
    status: 400,
    code: 132012,
    message: `(#132012) Parameter format does not match format in the created template (${where})`,
  });
  const components = asArray(template.components);
  const of = (type: string) => components.filter((c) => c.type === type);
  if (asArray(of('body')[0]?.parameters).length !== placeholderCount(t.body)) return count('body');
  const header = asArray(of('header')[0]?.parameters);
  if (!t.header || (t.header.format === 'TEXT' && placeholderCount(t.header.text ?? '') === 0)) {
    if (header.length > 0) return count('header');
  } else if (header.length !== 1) return count('header');
  else if (t.header.format === 'TEXT') {
    if (header[0]!.type !== 'text' || typeof header[0]!.text !== 'string') return format('header');
  } else {
    const kind = t.header.format.toLowerCase();
    const media = header[0]![kind];
    if (header[0]!.type !== kind || !isObject(media) || typeof media.link !== 'string')
      return format('header');
  }
  const buttons = of('button');
  const wanted = variableUrlButtons(t);
  for (const index of wanted) {
    const button = buttons.find((b) => b.index === String(index));
    const [parameter] = asArray(button?.parameters);
    if (button?.sub_type !== 'url' || parameter?.type !== 'text' || typeof parameter.text !== 'string')
      return count(`button ${index}`);
  }
  for (const button of buttons) {
    const index = Number(button.index);
    if (wanted.includes(index)) continue;
    const [parameter] = asArray(button.parameters);
    if (
      button.sub_type !== 'quick_reply' ||
      t.buttons?.[index]?.type !== 'QUICK_REPLY' ||
      parameter?.type !== 'payload' ||
      typeof parameter.payload !== 'string'
    )
      return format(`button ${String(button.index)}`);
  }
  return null;
}
