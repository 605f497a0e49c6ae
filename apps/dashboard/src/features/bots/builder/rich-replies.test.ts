import { botSaysSchema } from '@convo/api';
import { describe, expect, it } from 'vitest';
import {
  changeReplyKind,
  emptyReply,
  fromBotSays,
  type ReplyDraft,
  replyErrors,
  replyLabels,
  toBotSays,
} from './rich-replies';

const quick: ReplyDraft = {
  kind: 'quickReplies',
  text: ' Pick one ',
  buttons: [
    { title: ' Shipping ', message: '' },
    { title: 'Returns', message: 'How do returns work?' },
  ],
};
const link: ReplyDraft = {
  kind: 'link',
  text: 'Our policy',
  label: 'Read it',
  url: 'https://shop.example/returns',
  newTab: false,
};
const card: ReplyDraft = {
  kind: 'card',
  text: '',
  card: {
    title: 'Blue mug',
    subtitle: '12 €',
    description: 'Stoneware',
    imageUrl: 'https://shop.example/mug.png',
    buttons: [
      { label: 'Buy', url: 'https://shop.example/mug', reply: '' },
      { label: 'Ask about it', url: '', reply: 'Tell me about the mug' },
    ],
  },
};

// The widget's reading of these payloads (apps/widget/src/app/rich.tsx): metadata contentType '300',
// templateId, and payload as a JSON string; buttons {title, message?} reply with the message (or the
// title), {type:'link', name, url} open the link.
function richPayload(metadata: Record<string, string>): { templateId: string; payload: unknown } | null {
  if (metadata.contentType !== '300') return null;
  return { templateId: metadata.templateId ?? '', payload: JSON.parse(metadata.payload ?? 'null') };
}

describe('rich replies', () => {
  it('stores quick replies as template 6 that the widget reads back as reply buttons', () => {
    const says = toBotSays(quick);
    expect(botSaysSchema.parse(says)).toEqual(says);
    if (says.kind !== 'rich') throw new Error('rich expected');
    expect(says.text).toBe('Pick one');
    const rich = richPayload(says.metadata);
    expect(rich?.templateId).toBe('6');
    expect(rich?.payload).toEqual([
      { title: 'Shipping' },
      { title: 'Returns', message: 'How do returns work?' },
    ]);
  });

  it('stores a link button as template 3 that the widget opens as a link', () => {
    const says = toBotSays(link);
    if (says.kind !== 'rich') throw new Error('rich expected');
    const rich = richPayload(says.metadata);
    expect(rich?.templateId).toBe('3');
    expect(rich?.payload).toEqual([
      { type: 'link', name: 'Read it', url: 'https://shop.example/returns', openLinkInNewTab: false },
    ]);
  });

  it('stores a card as template 10 with its image and both kinds of buttons', () => {
    const says = toBotSays(card);
    if (says.kind !== 'rich') throw new Error('rich expected');
    const rich = richPayload(says.metadata);
    expect(rich?.templateId).toBe('10');
    const [stored] = (rich?.payload ?? []) as Array<{ header: { imgSrc: string }; buttons: unknown[] }>;
    expect(stored?.header.imgSrc).toBe('https://shop.example/mug.png');
    expect(stored?.buttons).toEqual([
      { name: 'Buy', type: 'link', url: 'https://shop.example/mug', openLinkInNewTab: true },
      { name: 'Ask about it', action: { type: 'quickReply', payload: { message: 'Tell me about the mug' } } },
    ]);
  });

  it('reads every stored form back into the same form (round trip)', () => {
    for (const draft of [quick, link, card, { kind: 'text', text: 'Hello' } as ReplyDraft]) {
      const stored = toBotSays(draft);
      expect(toBotSays(fromBotSays(stored))).toEqual(stored);
      expect(fromBotSays(stored).kind).toBe(draft.kind);
    }
  });

  it('keeps templates and payloads it has no form for as they are', () => {
    const list = {
      kind: 'rich' as const,
      text: 'Menu',
      metadata: { contentType: '300', templateId: '7', payload: '{"elements":[]}' },
    };
    expect(fromBotSays(list)).toEqual({ kind: 'raw', text: 'Menu', metadata: list.metadata });
    expect(toBotSays(fromBotSays(list))).toEqual(list);
    // A quick-reply payload with fields the form does not know would lose them: kept raw.
    const extra = {
      kind: 'rich' as const,
      text: '',
      metadata: { contentType: '300', templateId: '6', payload: '[{"title":"A","metadata":{"x":1}}]' },
    };
    expect(fromBotSays(extra).kind).toBe('raw');
    const broken = {
      kind: 'rich' as const,
      text: 'x',
      metadata: { contentType: '300', templateId: '6', payload: '{' },
    };
    expect(fromBotSays(broken).kind).toBe('raw');
  });

  it('accepts a stored payload whose keys come in another order', () => {
    const stored = {
      kind: 'rich' as const,
      text: '',
      metadata: {
        contentType: '300',
        templateId: '3',
        payload: '[{"url":"https://a.example","openLinkInNewTab":true,"name":"Go","type":"link"}]',
      },
    };
    expect(fromBotSays(stored)).toEqual({
      kind: 'link',
      text: '',
      label: 'Go',
      url: 'https://a.example',
      newTab: true,
    });
  });

  it('says what is missing before a reply can be saved', () => {
    expect(replyErrors(emptyReply('text'))).toEqual(['textRequired']);
    expect(replyErrors({ kind: 'quickReplies', text: '', buttons: [] })).toEqual(['buttonRequired']);
    expect(replyErrors(emptyReply('quickReplies'))).toEqual(['buttonLabelRequired']);
    expect(replyErrors({ ...link, url: 'javascript:alert(1)' } as ReplyDraft)).toEqual(['urlInvalid']);
    expect(replyErrors({ ...link, label: ' ' } as ReplyDraft)).toEqual(['buttonLabelRequired']);
    expect(replyErrors(emptyReply('card'))).toEqual(['cardTitleRequired']);
    expect(
      replyErrors({
        kind: 'card',
        text: '',
        card: { ...(card as { card: object }).card, imageUrl: 'ftp://x' },
      } as ReplyDraft),
    ).toEqual(['imageUrlInvalid']);
    for (const ok of [quick, link, card]) expect(replyErrors(ok)).toEqual([]);
  });

  it('keeps the text when the template changes', () => {
    expect(changeReplyKind({ kind: 'text', text: 'Hi' }, 'link')).toEqual({
      kind: 'link',
      text: 'Hi',
      label: '',
      url: '',
      newTab: true,
    });
    expect(changeReplyKind(quick, 'quickReplies')).toBe(quick);
  });

  it('lists the buttons of a stored reply for the emulator', () => {
    expect(replyLabels(toBotSays(quick))).toEqual(['Shipping', 'Returns']);
    expect(replyLabels(toBotSays(card))).toEqual(['Buy', 'Ask about it']);
    expect(replyLabels({ kind: 'text', text: 'x' })).toEqual([]);
  });
});
