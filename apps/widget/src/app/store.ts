// The chat app's state and rules, without any rendering: conversations, messages (with sends that
// survive a lost connection), receipts, typing, unread counts. Views subscribe and re-render.
import type { GroupFeed, Message, WidgetInitResponse, WidgetRating } from '@convo/api';
import { BOT_MESSAGE_METADATA, BOT_STREAMING_EVENT } from '@convo/api/constants';
import { MESSAGE_CONTENT_TYPE, SENDER_TYPE } from '@convo/domain';
import { type Api, ApiError, type FileMeta } from './api';
import { connect, type ServerEvent, type Socket } from './realtime';

export interface Msg {
  key: string;
  id: number | null;
  from: string | null;
  mine: boolean;
  message: string;
  contentType: number;
  metadata: Record<string, unknown>;
  fileMeta: FileMeta | null;
  createdAtTime: number;
  /** Not yet stored by the server (retried until it is). */
  pending: boolean;
  /** Refused by the server (e.g. too many messages): shown with the reason, not retried. */
  error: string | null;
  /** Sent by a bot (its name and avatar are shown). */
  bot: boolean;
  /** A bot's answer the visitor may rate: undefined when it is not one, null until rated. */
  helpful?: boolean | null;
}

export interface Conv {
  feed: GroupFeed;
  messages: Msg[];
  loaded: boolean;
  hasOlder: boolean;
  unread: number;
  /** Highest message id another participant has read / received. */
  readUpTo: number;
  deliveredUpTo: number;
  /** The last message this visitor has reported as read. */
  readSent: number;
  typing: string | null;
  rating: WidgetRating | null | undefined;
  /** A bot's answer arriving piece by piece; its stored message (same stream id) replaces it. */
  streaming: { id: string; text: string } | null;
}

export type Screen = 'list' | 'chat' | 'prechat';

const isSystem = (m: { contentType: number }) =>
  m.contentType === MESSAGE_CONTENT_TYPE.NOTIFY || m.contentType === MESSAGE_CONTENT_TYPE.HIDDEN;

export class ChatStore {
  convs = new Map<number, Conv>();
  /** The conversation on screen; null with screen 'chat' is a new one not created yet. */
  current: number | null = null;
  screen: Screen = 'list';
  open = false;
  visible = true;
  connected = true;
  loading = true;
  notice: string | null = null;
  /** Set by the view: opens or closes the window (the page's Convo.open / Convo.close). */
  onOpenRequest: ((open: boolean) => void) | null = null;
  visitor: { displayName: string; email: string | null; phone: string | null };
  private listeners = new Set<() => void>();
  private socket: Socket | null = null;
  private typingTimers = new Map<number, ReturnType<typeof setTimeout>>();
  private creating: Promise<number> | null = null;

  constructor(
    readonly api: Api,
    readonly session: WidgetInitResponse,
    readonly options: {
      title?: string | undefined;
      botIds?: string[] | undefined;
      /** Extra metadata of every conversation this visitor starts. */
      metadata?: Record<string, string> | undefined;
      onIncoming: (m: Msg, conv: Conv) => void;
      onUnread: (count: number) => void;
    },
  ) {
    this.visitor = { displayName: session.displayName, email: session.email, phone: session.phone };
  }

  subscribe(fn: () => void) {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  private lastUnread = -1;
  changed() {
    for (const fn of this.listeners) fn();
    const unread = this.unreadTotal();
    if (unread !== this.lastUnread) {
      this.lastUnread = unread;
      this.options.onUnread(unread);
    }
  }

  unreadTotal() {
    let n = 0;
    for (const c of this.convs.values()) n += c.unread;
    return n;
  }

  sortedConvs(): Conv[] {
    return [...this.convs.values()].sort(
      (a, b) =>
        (b.feed.lastMessageAtTime ?? b.feed.createdAtTime) -
        (a.feed.lastMessageAtTime ?? a.feed.createdAtTime),
    );
  }

  currentConv(): Conv | null {
    return this.current === null ? null : (this.convs.get(this.current) ?? null);
  }

  /** A person of the team has written in the conversation (the answer bot then steps aside). */
  humanReached(conv: Conv | null): boolean {
    return conv?.messages.some((m) => !m.mine && !m.bot && !isSystem(m)) ?? false;
  }

  nameOf(conv: Conv | null, userId: string | null): string | null {
    if (!userId) return null;
    return conv?.feed.groupUsers.find((u) => u.userId === userId)?.displayName ?? null;
  }

  async start() {
    try {
      for (const feed of await this.api.conversations()) this.addFeed(feed);
    } catch {
      this.notice = 'error';
    }
    this.loading = false;
    this.changed();
    this.socket = connect(this.session.token, {
      event: (e) => this.onEvent(e),
      status: (connected) => {
        this.connected = connected;
        this.changed();
      },
      resumed: () => this.retryPending(),
    });
  }

  stop() {
    this.socket?.close();
  }

  private addFeed(feed: GroupFeed): Conv {
    const known = this.convs.get(feed.id);
    if (known) {
      known.feed = feed;
      return known;
    }
    const conv: Conv = {
      feed,
      messages: [],
      loaded: false,
      hasOlder: false,
      unread: feed.unreadCount,
      readUpTo: 0,
      deliveredUpTo: 0,
      readSent: 0,
      typing: null,
      rating: undefined,
      streaming: null,
    };
    this.convs.set(feed.id, conv);
    return conv;
  }

  private toMsg(m: Message): Msg {
    return {
      key: m.key,
      id: m.id,
      from: m.from,
      mine: m.from === this.session.userId,
      message: m.message,
      contentType: m.contentType,
      metadata: m.metadata,
      fileMeta: (m.fileMeta as FileMeta | undefined) ?? null,
      createdAtTime: m.createdAtTime,
      pending: false,
      error: null,
      bot: m.senderType === SENDER_TYPE.BOT && !isSystem(m),
      ...(m.metadata[BOT_MESSAGE_METADATA.answer] === 'true' ? { helpful: null } : {}),
    };
  }

  /** The visitor rates a bot's answer; returns an error text, or null once stored. */
  async rateAnswer(msg: Msg, helpful: boolean): Promise<string | null> {
    if (msg.id === null) return null;
    try {
      await this.api.rateAnswer(msg.id, helpful);
      msg.helpful = helpful;
      this.changed();
      return null;
    } catch (err) {
      return err instanceof ApiError ? err.message : 'error';
    }
  }

  /** Shows a conversation (null: a new one), loading its history the first time. */
  async show(groupId: number | null) {
    this.current = groupId;
    this.screen = 'chat';
    this.changed();
    if (groupId === null) return;
    const conv = this.convs.get(groupId);
    if (!conv) return;
    if (!conv.loaded) {
      try {
        const page = await this.api.messages(groupId);
        const fetched = page.map((m) => this.toMsg(m)).reverse();
        const local = conv.messages.filter((m) => !fetched.some((f) => f.key === m.key));
        conv.messages = [...fetched, ...local];
        conv.hasOlder = page.length === 50;
        conv.loaded = true;
      } catch {
        this.notice = 'error';
      }
    }
    if (conv.feed.status === 2 && conv.rating === undefined) void this.loadRating(conv);
    this.changed();
    this.markRead();
  }

  async loadOlder(conv: Conv) {
    const oldest = conv.messages.find((m) => m.id !== null);
    if (!oldest) return;
    const page = await this.api.messages(conv.feed.id, oldest.createdAtTime);
    conv.messages = [...page.map((m) => this.toMsg(m)).reverse(), ...conv.messages];
    conv.hasOlder = page.length === 50;
    this.changed();
  }

  private async loadRating(conv: Conv) {
    try {
      conv.rating = await this.api.rating(conv.feed.id);
    } catch {
      conv.rating = null;
    }
    this.changed();
  }

  /** Read receipts while the visitor actually sees the conversation. */
  markRead() {
    const conv = this.currentConv();
    if (!conv || !this.open || !this.visible || this.screen !== 'chat') return;
    const last = [...conv.messages].reverse().find((m) => !m.mine && m.id !== null);
    if (last && last.id !== null && last.id > conv.readSent) {
      conv.readSent = last.id;
      this.socket?.receipt('read', conv.feed.id, last.id);
    }
    if (conv.unread !== 0) {
      conv.unread = 0;
      this.changed();
    }
  }

  private async ensureConversation(): Promise<number> {
    if (this.current !== null) return this.current;
    this.creating ??= this.api
      .createConversation({
        title: this.options.title,
        botIds: this.options.botIds,
        metadata: this.options.metadata,
      })
      .then((feed) => {
        const conv = this.addFeed(feed);
        conv.loaded = true;
        this.current = feed.id;
        return feed.id;
      })
      .finally(() => {
        this.creating = null;
      });
    return this.creating;
  }

  async send(text: string, extra: { metadata?: Record<string, string>; file?: FileMeta } = {}) {
    const message = text.trim();
    if (!message && !extra.file) return;
    this.notice = null;
    let groupId: number;
    try {
      groupId = await this.ensureConversation();
    } catch (err) {
      this.notice = err instanceof ApiError ? err.message : 'error';
      this.changed();
      return;
    }
    const conv = this.convs.get(groupId)!;
    const msg: Msg = {
      key: `w-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
      id: null,
      from: this.session.userId,
      mine: true,
      message,
      contentType: extra.file ? MESSAGE_CONTENT_TYPE.ATTACHMENT : MESSAGE_CONTENT_TYPE.DEFAULT,
      metadata: extra.metadata ?? {},
      fileMeta: extra.file ?? null,
      createdAtTime: Date.now(),
      pending: true,
      error: null,
      bot: false,
    };
    conv.messages.push(msg);
    this.changed();
    await this.deliver(groupId, msg);
  }

  /** Sends (or re-sends: the key makes a retry store nothing twice) until the server has it. */
  private async deliver(groupId: number, msg: Msg) {
    try {
      const res = await this.sendOnce({
        groupId,
        key: msg.key,
        message: msg.message,
        ...(Object.keys(msg.metadata).length ? { metadata: msg.metadata as Record<string, string> } : {}),
        ...(msg.fileMeta ? { fileMeta: { key: msg.fileMeta.key } } : {}),
      });
      msg.id = res.id;
      msg.createdAtTime = res.createdAt;
      msg.pending = false;
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        msg.pending = false;
        msg.error = err.message;
      } else {
        // Offline or the server restarting: try again shortly, and again when the socket is back.
        setTimeout(() => void this.retry(groupId, msg), 2000);
      }
    }
    this.changed();
  }

  /**
   * Over the socket when it is up (no request of its own: docs/realtime.md), else, or when its
   * answer is lost, through REST with the same key.
   */
  private async sendOnce(body: Parameters<Api['send']>[0]): Promise<{ id: number; createdAt: number }> {
    const outcome = await this.socket?.send(body);
    if (outcome?.ok) return outcome.response;
    // A socket that has not said hello (401) leaves the verdict to REST.
    if (outcome && outcome.status !== 401) throw new ApiError(outcome.status, outcome.code, outcome.message);
    return this.api.send(body);
  }

  private async retry(groupId: number, msg: Msg) {
    if (msg.pending && !this.inFlight.has(msg.key)) {
      this.inFlight.add(msg.key);
      try {
        await this.deliver(groupId, msg);
      } finally {
        this.inFlight.delete(msg.key);
      }
    }
  }
  private inFlight = new Set<string>();

  private retryPending() {
    for (const conv of this.convs.values())
      for (const m of conv.messages) if (m.pending) void this.retry(conv.feed.id, m);
  }

  typing(isTyping: boolean) {
    if (this.current !== null) this.socket?.typing(this.current, isTyping);
  }

  private onEvent(e: ServerEvent) {
    const groupId = Number(e.data.groupId ?? e.conversationId);
    switch (e.type) {
      case 'message.received':
        void this.onMessage(e.data.message as Message);
        return;
      case BOT_STREAMING_EVENT: {
        const conv = this.convs.get(groupId);
        if (!conv || typeof e.data.streamId !== 'string' || typeof e.data.text !== 'string') return;
        // Already stored (the final message came first): nothing left to stream.
        if (conv.messages.some((m) => m.metadata[BOT_MESSAGE_METADATA.streamId] === e.data.streamId)) return;
        conv.streaming = { id: e.data.streamId, text: e.data.text };
        conv.typing = null;
        this.changed();
        return;
      }
      case 'conversation.created':
        if (!this.convs.has(groupId)) void this.refreshConversation(groupId);
        return;
      case 'conversation.status_changed':
      case 'conversation.assigned':
      case 'conversation.tagged':
        void this.refreshConversation(groupId);
        return;
      case 'conversation.updated': {
        const conv = this.convs.get(groupId);
        const rating = e.data.rating as { rating: number; comment: string | null } | undefined;
        if (conv && rating && conv.rating) conv.rating = { ...conv.rating, ...rating };
        this.changed();
        return;
      }
      case 'message.read':
      case 'message.delivered': {
        const conv = this.convs.get(groupId);
        if (!conv || e.data.userId === this.session.userId) return;
        const id = Number(e.data.messageId);
        if (e.type === 'message.read') conv.readUpTo = Math.max(conv.readUpTo, id);
        conv.deliveredUpTo = Math.max(conv.deliveredUpTo, id);
        this.changed();
        return;
      }
      case 'typing': {
        const conv = this.convs.get(groupId);
        const who = String(e.data.userId ?? '');
        if (!conv || who === this.session.userId) return;
        conv.typing = e.data.typing ? (this.nameOf(conv, who) ?? who) : null;
        clearTimeout(this.typingTimers.get(groupId));
        if (conv.typing) {
          this.typingTimers.set(
            groupId,
            setTimeout(() => {
              conv.typing = null;
              this.changed();
            }, 6000),
          );
        }
        this.changed();
        return;
      }
    }
  }

  private async refreshConversation(groupId: number) {
    try {
      const feed = await this.api.conversation(groupId);
      const conv = this.addFeed(feed);
      if (feed.status === 2 && conv.rating === undefined) void this.loadRating(conv);
      this.changed();
    } catch {
      // Not ours (another visitor's conversation is never sent to us) or gone: nothing to show.
    }
  }

  private async onMessage(m: Message) {
    let conv = this.convs.get(m.groupId);
    if (!conv) {
      await this.refreshConversation(m.groupId);
      conv = this.convs.get(m.groupId);
      if (!conv) return;
    }
    const msg = this.toMsg(m);
    if (conv.streaming && msg.metadata[BOT_MESSAGE_METADATA.streamId] === conv.streaming.id)
      conv.streaming = null;
    // A sender who joined after we read the conversation (an agent taking it over): learn their name.
    if (!msg.mine && msg.from && !this.nameOf(conv, msg.from)) void this.refreshConversation(conv.feed.id);
    const known = conv.messages.find((x) => x.key === msg.key || (x.id !== null && x.id === msg.id));
    if (known) {
      Object.assign(known, { id: msg.id, createdAtTime: msg.createdAtTime, pending: false });
    } else {
      conv.messages.push(msg);
      conv.feed.lastMessageAtTime = msg.createdAtTime;
      if (!msg.mine) {
        conv.typing = null;
        const seen = this.open && this.visible && this.screen === 'chat' && this.current === conv.feed.id;
        // A message read at once needs no separate "delivered" (read implies it): one write, not two.
        if (msg.id !== null && !seen) this.socket?.receipt('delivered', conv.feed.id, msg.id);
        if (!isSystem(msg)) {
          if (!seen) conv.unread += 1;
          this.options.onIncoming(msg, conv);
        }
      }
    }
    this.changed();
    this.markRead();
  }
}
