import { MESSAGE_CONTENT_TYPE, SENDER_TYPE } from '../messaging';

// The Slack mirror (issue 17): which messages of a conversation are posted in its Slack thread,
// and how they read there. Slack's mrkdwn treats &, < and > as markup: text is escaped
// (api.slack.com/reference/surfaces/formatting#escaping) so a customer cannot forge a mention or link.

/** Metadata `source` of a message an agent wrote in Slack: it is in the thread already. */
export const SLACK_SOURCE = 'slack';

/** System lines (notify, hidden, receiver-only) are not the conversation's words: not mirrored. */
const NOT_MIRRORED: readonly number[] = [
  MESSAGE_CONTENT_TYPE.NOTIFY,
  MESSAGE_CONTENT_TYPE.HIDDEN,
  MESSAGE_CONTENT_TYPE.RECEIVER_ONLY,
  MESSAGE_CONTENT_TYPE.BLOCK_NOTIFY,
];
const SENDERS: readonly number[] = [SENDER_TYPE.USER, SENDER_TYPE.HUMAN_AGENT, SENDER_TYPE.BOT];

export function isMirroredToSlack(message: {
  senderType: number;
  contentType: number;
  metadata?: Record<string, unknown> | null | undefined;
}): boolean {
  return (
    SENDERS.includes(message.senderType) &&
    !NOT_MIRRORED.includes(message.contentType) &&
    message.metadata?.source !== SLACK_SOURCE
  );
}

export function escapeSlackText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Slack's escapes in a message's text back to the characters its writer typed. */
export function unescapeSlackText(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Slack takes 40,000 characters; a long message is cut with a note rather than refused. */
const MAX_TEXT = 3_900;
const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (cut)` : text);

export interface SlackMirrorMessage {
  senderType: number;
  senderName: string;
  text: string;
  /** The attached file's name, if any. */
  fileName?: string | null | undefined;
}

function bodyOf(message: SlackMirrorMessage): string {
  const parts = [message.text.trim() === '' ? '' : escapeSlackText(cut(message.text))];
  if (message.fileName) parts.push(`📎 ${escapeSlackText(message.fileName)}`);
  return parts.filter((p) => p !== '').join('\n') || '_(empty message)_';
}

const roleOf = (senderType: number) =>
  senderType === SENDER_TYPE.USER ? 'customer' : senderType === SENDER_TYPE.BOT ? 'bot' : 'agent';

/** A message in the thread: who wrote it (customer, agent or bot) and what. */
export function slackThreadText(message: SlackMirrorMessage): string {
  const name = escapeSlackText(message.senderName.trim() || roleOf(message.senderType));
  return `*${name}* (${roleOf(message.senderType)}): ${bodyOf(message)}`;
}

/** The thread's parent: the customer, the first message and a link to the conversation. */
export function slackParentText(input: {
  customerName: string;
  conversationUrl: string;
  first: SlackMirrorMessage;
}): string {
  const customer = escapeSlackText(input.customerName.trim() || 'A customer');
  return [
    `*${customer}* started a conversation`,
    slackThreadText(input.first),
    `<${input.conversationUrl}|Open the conversation in Convo> · reply in this thread to answer`,
  ].join('\n');
}
