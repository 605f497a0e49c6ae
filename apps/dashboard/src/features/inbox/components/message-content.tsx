// One message as the agent sees it: every SPEC §3 content type, system lines, receipts.

import type { Message } from '@convo/api';
import {
  formatCallDuration,
  formatFileSize,
  type Language,
  MESSAGE_CONTENT_TYPE,
  readCallRecord,
  SENDER_TYPE,
} from '@convo/domain';
import { Anchor, Badge, Box, Group, Image, Stack, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthorizedFileUrl } from '../../../app/api/authorized-file';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { ShareFileButton } from '../../document-preview/share-file-button';
import { isSystemLine } from '../lib/message-rows';
import { useSanitizedHtml } from '../lib/use-sanitized-html';
import { EmailOriginalLink } from './email-original';
import classes from './message-list.module.css';

interface FileMeta {
  name: string;
  size: number;
  contentType: string;
  url: string;
  thumbnailUrl?: string;
}

function fileMetaOf(message: Message): FileMeta | null {
  const f = message.fileMeta;
  if (!f || typeof f.url !== 'string') return null;
  return {
    name: typeof f.name === 'string' ? f.name : 'file',
    size: typeof f.size === 'number' ? f.size : 0,
    contentType: typeof f.contentType === 'string' ? f.contentType : '',
    url: f.url,
    ...(typeof f.thumbnailUrl === 'string' ? { thumbnailUrl: f.thumbnailUrl } : {}),
  };
}

function safeUrl(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * An image, shown from the fetched bytes like the media below: an <img> cannot send the agent's
 * token either, so the plain file link only ever showed a broken image.
 */
function ImageAttachment({ file }: { file: FileMeta }) {
  const { t } = useTranslation('inbox');
  const src = useAuthorizedFileUrl(file.thumbnailUrl ?? file.url);
  if (src === null)
    return (
      <Text size="xs" c="dimmed">
        {t('message.file', { name: file.name, size: formatFileSize(file.size) })}
      </Text>
    );
  return (
    <Anchor href={src} target="_blank" rel="noopener noreferrer">
      <Image
        src={src}
        alt={file.name}
        maw={260}
        mah={260}
        fit="contain"
        radius="sm"
        data-testid="message-image"
      />
    </Anchor>
  );
}

/** A recording (a voicemail, a voice note) or a video, played from the fetched bytes. */
function MediaPlayer({ file }: { file: FileMeta }) {
  const { t } = useTranslation('inbox');
  const src = useAuthorizedFileUrl(file.url);
  if (src === null)
    return (
      <Text size="xs" c="dimmed">
        {t('message.file', { name: file.name, size: formatFileSize(file.size) })}
      </Text>
    );
  return file.contentType.startsWith('audio/') ? (
    // biome-ignore lint/a11y/useMediaCaption: customers' own recordings have no captions
    <audio controls src={src} aria-label={file.name} data-testid="message-audio" />
  ) : (
    // biome-ignore lint/a11y/useMediaCaption: customers' own recordings have no captions
    <video controls src={src} style={{ maxWidth: 280 }} aria-label={file.name} />
  );
}

function Attachment({ file }: { file: FileMeta }) {
  const { t } = useTranslation('inbox');
  if (file.contentType.startsWith('image/')) return <ImageAttachment file={file} />;
  if (file.contentType.startsWith('audio/') || file.contentType.startsWith('video/'))
    return <MediaPlayer file={file} />;
  return (
    <Group gap={4} wrap="wrap">
      <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm">
        {t('message.file', { name: file.name, size: formatFileSize(file.size) })}
      </Anchor>
      <ShareFileButton url={file.url} name={file.name} />
    </Group>
  );
}

function Location({ message }: { message: Message }) {
  const { t } = useTranslation('inbox');
  let lat: number | undefined;
  let lon: number | undefined;
  try {
    const value = JSON.parse(message.message) as { lat?: unknown; lon?: unknown; lng?: unknown };
    lat = Number(value.lat);
    lon = Number(value.lon ?? value.lng);
  } catch {
    // Not JSON: shown as text below.
  }
  if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon))
    return <Text size="sm">{message.message}</Text>;
  return (
    <Anchor
      href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
    >
      {t('message.location', { lat: lat.toFixed(5), lon: lon.toFixed(5) })}
    </Anchor>
  );
}

/** Rich message payloads (buttons, quick replies, cards): their labels, not actionable here. */
function RichPayload({ message }: { message: Message }) {
  const raw = message.metadata.payload;
  if (typeof raw !== 'string') return null;
  let items: unknown;
  try {
    items = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(items)) return null;
  const labels = items
    .map((item) =>
      typeof item === 'object' && item !== null ? (item as { title?: unknown; name?: unknown }) : {},
    )
    .map((item) =>
      typeof item.title === 'string' ? item.title : typeof item.name === 'string' ? item.name : null,
    )
    .filter((x): x is string => x !== null);
  const unique = [...new Set(labels)];
  if (unique.length === 0) return null;
  return (
    <Group gap={4} mt={4}>
      {unique.map((label) => (
        <Badge key={label} variant="outline" size="sm" tt="none">
          {label}
        </Badge>
      ))}
    </Group>
  );
}

/** An HTML message, sanitised; empty (and busy) for the moment the sanitiser takes to load. */
function HtmlBody({ html }: { html: string }) {
  const safe = useSanitizedHtml(html);
  if (safe === null) return <Box className="convo-message-html" fz="sm" aria-busy />;
  return (
    <Box
      className="convo-message-html"
      fz="sm"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with the SPEC §5 whitelist
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}

function Body({ message }: { message: Message }) {
  const { t } = useTranslation('inbox');
  const file = fileMetaOf(message);
  switch (message.contentType) {
    case MESSAGE_CONTENT_TYPE.TEXT_HTML:
      return <HtmlBody html={message.message} />;
    case MESSAGE_CONTENT_TYPE.LOCATION:
      return <Location message={message} />;
    case MESSAGE_CONTENT_TYPE.IMAGE_LINK: {
      const url = safeUrl(message.message);
      return url ? (
        <Image src={url} alt="" maw={260} radius="sm" />
      ) : (
        <Text size="sm">{message.message}</Text>
      );
    }
    case MESSAGE_CONTENT_TYPE.HYPERLINK: {
      const url = safeUrl(message.message);
      return url ? (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
          {url}
        </Anchor>
      ) : (
        <Text size="sm">{message.message}</Text>
      );
    }
    case MESSAGE_CONTENT_TYPE.CONTACT:
      return (
        <Text size="sm">
          {t('message.contact')}: {message.message}
        </Text>
      );
    case MESSAGE_CONTENT_TYPE.PRICE:
      return (
        <Text size="sm" fw={600}>
          {message.message}
        </Text>
      );
    default:
      return (
        <Stack gap={4}>
          {file && <Attachment file={file} />}
          {message.message !== '' && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.message}
            </Text>
          )}
          <RichPayload message={message} />
        </Stack>
      );
  }
}

/** The words a bubble needs, resolved once per list (not by each of its rows). */
export interface BubbleLabels {
  bot: string;
  receiverOnly: string;
  /** "answered in Spanish": the language a bot detected in the customer's message. */
  answeredIn(language: string): string;
  call: string;
  missedCall: string;
  /** A call's details (SPEC §3 102/103 from the voice channel): direction, who answered, how long. */
  callAnswered(agent: string | null, duration: string): string;
  missedCallFrom(from: string): string;
  callDirection: Record<'inbound' | 'outbound', string>;
  hidden: string;
  receipt: Record<Receipt, string>;
}

export function useBubbleLabels(): BubbleLabels {
  const { t } = useTranslation('inbox');
  return useMemo(
    () => ({
      bot: t('message.bot'),
      receiverOnly: t('message.receiverOnly'),
      answeredIn: (language: string) =>
        t('message.answeredIn', { language: LANGUAGE_NAMES[language as Language] ?? language }),
      call: t('message.call'),
      missedCall: t('message.missedCall'),
      callAnswered: (agent: string | null, duration: string) =>
        agent === null
          ? t('message.callAnsweredUnknown', { duration })
          : t('message.callAnswered', { agent, duration }),
      missedCallFrom: (from: string) => t('message.missedCallFrom', { from }),
      callDirection: { inbound: t('message.incoming'), outbound: t('message.outgoing') },
      hidden: t('message.hidden'),
      receipt: {
        sent: t('message.receipt.sent'),
        delivered: t('message.receipt.delivered'),
        read: t('message.receipt.read'),
      },
    }),
    [t],
  );
}

/** A call entry (102) or a missed call (103): its details when the channel recorded them. */
function callText(message: Message, labels: BubbleLabels): string {
  const call = readCallRecord(message.metadata);
  if (message.contentType === MESSAGE_CONTENT_TYPE.MISSED_CALL)
    return call?.from ? labels.missedCallFrom(call.from) : labels.missedCall;
  if (!call) return labels.call;
  const answered = labels.callAnswered(call.answeredBy, formatCallDuration(call.durationSeconds ?? 0));
  return `${labels.callDirection[call.direction]} · ${answered}`;
}

function SystemLine({ message, labels }: { message: Message; labels: BubbleLabels }) {
  const isCall =
    message.contentType === MESSAGE_CONTENT_TYPE.AUDIO_VIDEO_CALL ||
    message.contentType === MESSAGE_CONTENT_TYPE.MISSED_CALL;
  const text = isCall ? callText(message, labels) : message.message;
  return (
    <p
      className={`${classes.xs} ${classes.system}`}
      data-testid={isCall ? 'call-line' : 'system-line'}
      data-call={
        isCall
          ? message.contentType === MESSAGE_CONTENT_TYPE.MISSED_CALL
            ? 'missed'
            : 'answered'
          : undefined
      }
    >
      {isCall && <span aria-hidden="true">☎ </span>}
      {message.contentType === MESSAGE_CONTENT_TYPE.HIDDEN ? `${labels.hidden} · ` : ''}
      {text}
    </p>
  );
}

export type Receipt = 'sent' | 'delivered' | 'read';

export interface BubbleProps {
  message: Message;
  senderName: string;
  time: string;
  receipt: Receipt | null;
  labels: BubbleLabels;
}

/** A plain text message (the common case) needs none of Body's components. */
const isPlainText = (message: Message) =>
  message.contentType === MESSAGE_CONTENT_TYPE.DEFAULT &&
  fileMetaOf(message) === null &&
  typeof message.metadata.payload !== 'string';

/** Memoised: loading an older page re-renders the list, not the bubbles already on screen. */
export const MessageBubble = memo(function MessageBubble({
  message,
  senderName,
  time,
  receipt,
  labels,
}: BubbleProps) {
  if (
    isSystemLine(message) ||
    message.contentType === MESSAGE_CONTENT_TYPE.AUDIO_VIDEO_CALL ||
    message.contentType === MESSAGE_CONTENT_TYPE.MISSED_CALL
  )
    return <SystemLine message={message} labels={labels} />;
  const fromCustomer = message.senderType === SENDER_TYPE.USER;
  const fromBot = message.senderType === SENDER_TYPE.BOT;
  return (
    <div className={classes.row} data-customer={fromCustomer || undefined} data-testid="message">
      <div className={classes.bubble}>
        <p className={`${classes.xs} ${classes.sender}`}>
          {senderName}
          {fromBot ? ` · ${labels.bot}` : ''}
          {fromBot && typeof message.metadata?.KM_BOT_LANGUAGE === 'string'
            ? ` · ${labels.answeredIn(message.metadata.KM_BOT_LANGUAGE)}`
            : ''}
          {message.contentType === MESSAGE_CONTENT_TYPE.RECEIVER_ONLY ? ` · ${labels.receiverOnly}` : ''}
        </p>
        {isPlainText(message) ? (
          message.message !== '' && <p className={`${classes.sm} ${classes.text}`}>{message.message}</p>
        ) : (
          <Body message={message} />
        )}
        <div className={classes.meta}>
          {fromCustomer && message.metadata.channel === 'email' && (
            <EmailOriginalLink groupId={message.groupId} messageId={message.id} />
          )}
          <span className={classes.xs}>{time}</span>
          {receipt && (
            <span
              className={receipt === 'read' ? `${classes.xs} ${classes.read}` : classes.xs}
              role="img"
              aria-label={labels.receipt[receipt]}
              title={labels.receipt[receipt]}
            >
              {receipt === 'sent' ? '✓' : '✓✓'}
            </span>
          )}
        </div>
      </div>
    </div>
  );
});
