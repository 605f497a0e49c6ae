import { describe, expect, it } from 'vitest';
import { MESSAGE_CONTENT_TYPE, SENDER_TYPE } from '../messaging';
import {
  escapeSlackText,
  isMirroredToSlack,
  SLACK_SOURCE,
  slackParentText,
  slackThreadText,
  unescapeSlackText,
} from './slack-mirror';

describe('Slack mirror', () => {
  it('mirrors customer, agent and bot messages, not system lines nor what came from Slack', () => {
    const text = { contentType: MESSAGE_CONTENT_TYPE.DEFAULT };
    expect(isMirroredToSlack({ ...text, senderType: SENDER_TYPE.USER })).toBe(true);
    expect(isMirroredToSlack({ ...text, senderType: SENDER_TYPE.HUMAN_AGENT })).toBe(true);
    expect(isMirroredToSlack({ ...text, senderType: SENDER_TYPE.BOT })).toBe(true);
    expect(isMirroredToSlack({ senderType: SENDER_TYPE.BOT, contentType: MESSAGE_CONTENT_TYPE.NOTIFY })).toBe(
      false,
    );
    expect(
      isMirroredToSlack({ senderType: SENDER_TYPE.USER, contentType: MESSAGE_CONTENT_TYPE.HIDDEN }),
    ).toBe(false);
    expect(
      isMirroredToSlack({ ...text, senderType: SENDER_TYPE.HUMAN_AGENT, metadata: { source: SLACK_SOURCE } }),
    ).toBe(false);
  });

  it('escapes Slack markup so a customer cannot forge mentions or links', () => {
    expect(escapeSlackText('<!channel> & <http://x|y>')).toBe('&lt;!channel&gt; &amp; &lt;http://x|y&gt;');
    expect(unescapeSlackText(escapeSlackText('a & <b> &amp;'))).toBe('a & <b> &amp;');
    expect(slackThreadText({ senderType: SENDER_TYPE.USER, senderName: 'Ann <b>', text: 'hi <@U1>' })).toBe(
      '*Ann &lt;b&gt;* (customer): hi &lt;@U1&gt;',
    );
  });

  it('names the sender role, a file and an empty message', () => {
    expect(
      slackThreadText({ senderType: SENDER_TYPE.BOT, senderName: '', text: '', fileName: 'a.pdf' }),
    ).toBe('*bot* (bot): 📎 a.pdf');
    expect(slackThreadText({ senderType: SENDER_TYPE.HUMAN_AGENT, senderName: 'Bo', text: ' ' })).toBe(
      '*Bo* (agent): _(empty message)_',
    );
  });

  it('opens the thread with the customer, the first message and the link', () => {
    const text = slackParentText({
      customerName: 'Ann',
      conversationUrl: 'https://app.example/conversations/7',
      first: { senderType: SENDER_TYPE.USER, senderName: 'Ann', text: 'Where is my order?' },
    });
    expect(text).toContain('*Ann* started a conversation');
    expect(text).toContain('Where is my order?');
    expect(text).toContain('<https://app.example/conversations/7|Open the conversation in Convo>');
  });

  it('cuts a very long message', () => {
    const text = slackThreadText({ senderType: SENDER_TYPE.USER, senderName: 'A', text: 'x'.repeat(5000) });
    expect(text.length).toBeLessThan(4000);
    expect(text).toContain('(cut)');
  });
});
