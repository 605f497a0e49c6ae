import { describe, expect, it } from 'vitest';
import {
  botApiSnippet,
  botWidgetSnippet,
  iframeSnippet,
  scriptSnippet,
  sideboxSnippet,
} from './widget-snippets.js';

const input = { origin: 'https://chat.example.com', appId: 'app-1"x', variant: 'classic' as const };

describe('widget snippets', () => {
  it('script: application id, popup widget and auto-open on, the loader of the variant', () => {
    const s = scriptSnippet(input);
    expect(s).toContain('appId: "app-1\\"x"');
    expect(s).toContain('popupWidget: true');
    expect(s).toContain('automaticChatOpenOnNavigation: true');
    expect(s).toContain('"https://chat.example.com/widget/loader.js"');
    expect(scriptSnippet({ ...input, variant: 'agentic' })).toContain('/widget/agentic/loader.js');
  });

  it('iframe and sidebox point at the frame and the sidebox script with the id escaped', () => {
    expect(iframeSnippet(input)).toContain('/widget/frame.html?appId=app-1%22x&mode=embedded');
    const side = sideboxSnippet(input);
    expect(side).toContain('src="https://chat.example.com/widget/sidebox.js"');
    expect(side).toContain('Convo.sidebox({ appId: "app-1\\"x" })');
  });
});

describe('bot snippets', () => {
  const bot = { ...input, botUserName: 'bot-store-1a2b3c' };
  it('widget: the script snippet with the bot in every new conversation', () => {
    const s = botWidgetSnippet(bot);
    expect(s).toContain('automaticChatOpenOnNavigation: true,\n      botIds: ["bot-store-1a2b3c"]');
    expect(s).toContain('appId: "app-1\\"x"');
  });
  it('messaging API: a conversation assigned to the bot, then a message', () => {
    const s = botApiSnippet(bot);
    expect(s).toContain('"https://chat.example.com/rest/ws/group/v2/create"');
    expect(s).toContain('"CONVERSATION_ASSIGNEE": "bot-store-1a2b3c"');
    expect(s).toContain('"https://chat.example.com/rest/ws/message/send"');
  });
});
