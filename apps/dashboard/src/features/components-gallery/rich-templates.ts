// The rich-message templates the widget renders (metadata contentType "300",
// apps/widget/src/app/rich.tsx), each with a sample an admin can copy into a bot answer or an API
// call. The shapes are the widget's: what the gallery shows is what the widget reads.

export const RICH_CONTENT_TYPE = '300';

export type RichTemplateKey =
  | 'buttons'
  | 'quickReplies'
  | 'list'
  | 'images'
  | 'card'
  | 'carousel'
  | 'mixedButtons';

export interface RichTemplate {
  key: RichTemplateKey;
  templateId: '3' | '6' | '7' | '9' | '10' | '11';
  /** The message text shown above the template. */
  message: string;
  payload: unknown;
}

/** Image links resolve against the dashboard's origin, so the samples work on any install. */
export function richTemplates(origin: string): RichTemplate[] {
  const image = `${origin}/favicon.svg`;
  return [
    {
      key: 'buttons',
      templateId: '3',
      message: 'Where would you like to go?',
      payload: [
        { type: 'link', url: 'https://example.com/pricing', name: 'See pricing', openLinkInNewTab: true },
        { type: 'link', url: 'https://example.com/docs', name: 'Read the docs', openLinkInNewTab: true },
      ],
    },
    {
      key: 'quickReplies',
      templateId: '6',
      message: 'How can we help?',
      payload: [
        { title: 'Track my order', message: 'I want to track my order' },
        { title: 'Talk to a person', message: 'Talk to a person' },
        { title: 'Something else' },
      ],
    },
    {
      key: 'list',
      templateId: '7',
      message: 'Our plans',
      payload: {
        headerText: 'Pick a plan',
        elements: [
          {
            title: 'Starter',
            description: 'For small teams',
            imgSrc: image,
            action: { type: 'quick_reply', text: 'Starter' },
          },
          {
            title: 'Professional',
            description: 'For growing teams',
            imgSrc: image,
            action: { type: 'quick_reply', text: 'Professional' },
          },
        ],
        buttons: [{ name: 'Compare plans', type: 'link', url: 'https://example.com/plans' }],
      },
    },
    {
      key: 'images',
      templateId: '9',
      message: 'Here is the product',
      payload: [{ url: image, caption: 'Front view' }],
    },
    {
      key: 'card',
      templateId: '10',
      message: 'Our bestseller',
      payload: [
        {
          title: 'Blue mug',
          subtitle: '$12',
          description: 'Holds 350 ml, dishwasher safe.',
          header: { imgSrc: image, overlayText: 'Blue mug' },
          buttons: [
            { name: 'Buy now', action: { type: 'link', payload: { url: 'https://example.com/mug' } } },
            {
              name: 'More like this',
              action: { type: 'quickReply', payload: { message: 'Show me more mugs' } },
            },
          ],
        },
      ],
    },
    {
      key: 'carousel',
      templateId: '10',
      message: 'You may like',
      payload: [
        {
          title: 'Blue mug',
          subtitle: '$12',
          header: { imgSrc: image },
          buttons: [{ name: 'Choose', action: { type: 'quickReply', payload: { message: 'Blue mug' } } }],
        },
        {
          title: 'Red mug',
          subtitle: '$14',
          header: { imgSrc: image },
          buttons: [{ name: 'Choose', action: { type: 'quickReply', payload: { message: 'Red mug' } } }],
        },
      ],
    },
    {
      key: 'mixedButtons',
      templateId: '11',
      message: 'Anything else?',
      payload: [
        { name: 'Open the help center', type: 'link', url: 'https://example.com/help' },
        { name: 'No, thanks', type: 'quickReply', reply: 'No, thanks' },
      ],
    },
  ];
}

/** The message metadata as a bot answer or the send API takes it (metadata values are strings). */
export function templateMetadata(template: RichTemplate): Record<string, string> {
  return {
    contentType: RICH_CONTENT_TYPE,
    templateId: template.templateId,
    payload: JSON.stringify(template.payload),
  };
}

/** What the copy button copies: the message and its metadata, ready for the send API. */
export function templateJson(template: RichTemplate): string {
  return JSON.stringify({ message: template.message, metadata: templateMetadata(template) }, null, 2);
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export interface PreviewButton {
  label: string;
  link: boolean;
}

/** A button as the widget labels it (name, title or label) and whether it opens a link. */
export function previewButton(raw: unknown): PreviewButton | null {
  const b = obj(raw);
  const action = obj(b.action);
  const label = str(b.name) || str(b.title) || str(b.label);
  if (!label) return null;
  const type = str(b.type) || str(action.type);
  const url = str(b.url) || str(action.url) || str(obj(action.payload).url);
  return { label, link: type === 'link' || (!type && url !== '') };
}
