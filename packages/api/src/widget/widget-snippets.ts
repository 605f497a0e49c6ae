import { MESSAGING_PATHS } from '../messaging/index.js';

// The public face of the chat widget: where its files are served and the snippets a company pastes
// into its site (SPEC §2: "an embeddable widget script snippet (application id, user id, popup
// widget on, auto-open on navigation on), an iframe snippet, and a legacy sidebox snippet;
// agentic-first accounts use the agentic plugin URL"). The loader reads `window.convoSettings`.

export const WIDGET_PUBLIC_PATHS = {
  /** The tiny loader (no framework): reads window.convoSettings, mounts the iframe, exposes window.Convo. */
  loader: '/widget/loader.js',
  /** The same loader with the agentic variant's defaults (AI agent first, purple). */
  agenticLoader: '/widget/agentic/loader.js',
  /** The legacy sidebox variant: a script exposing window.Convo.sidebox({ appId }). */
  sidebox: '/widget/sidebox.js',
  /** The chat app itself, shown inside the iframe. */
  frame: '/widget/frame.html',
  /** The sample store page with the demo workspace's widget. */
  demo: '/demo',
} as const;

export interface SnippetInput {
  /** Where the server is reached from the customer's site, e.g. https://chat.example.com. */
  origin: string;
  appId: string;
  variant: 'classic' | 'agentic';
}

const quote = (value: string) => JSON.stringify(value);

/**
 * The script snippet. userId is left for the site to fill (an anonymous visitor id is kept by the
 * widget when it is empty); popup widget and auto-open on navigation are on, as the spec says.
 */
export function scriptSnippet({ origin, appId, variant }: SnippetInput): string {
  const src =
    origin + (variant === 'agentic' ? WIDGET_PUBLIC_PATHS.agenticLoader : WIDGET_PUBLIC_PATHS.loader);
  return `<script type="text/javascript">
  (function (d, w) {
    w.convoSettings = {
      appId: ${quote(appId)},
      userId: "", // your signed-in customer's id, or empty for an anonymous visitor
      popupWidget: true,
      automaticChatOpenOnNavigation: true
    };
    var s = d.createElement("script");
    s.type = "text/javascript";
    s.async = true;
    s.src = ${quote(src)};
    d.getElementsByTagName("head")[0].appendChild(s);
  })(document, window);
</script>`;
}

/** The iframe snippet: the chat window itself, placed where the site wants it. */
export function iframeSnippet({ origin, appId }: SnippetInput): string {
  const src = `${origin}${WIDGET_PUBLIC_PATHS.frame}?appId=${encodeURIComponent(appId)}&mode=embedded`;
  return `<iframe src=${quote(src)} title="Chat" style="width: 400px; height: 600px; border: 0;" allow="clipboard-write"></iframe>`;
}

/** The legacy sidebox snippet, for sites that still use it. */
export function sideboxSnippet({ origin, appId }: SnippetInput): string {
  return `<script type="text/javascript" src=${quote(origin + WIDGET_PUBLIC_PATHS.sidebox)}></script>
<script type="text/javascript">
  window.addEventListener("load", function () {
    window.Convo.sidebox({ appId: ${quote(appId)} });
  });
</script>`;
}

/** A bot's snippets (SPEC §2 builder "generate code", /settings/inline-code). */
export interface BotSnippetInput extends SnippetInput {
  /** The bot member's user name: what `botIds` and the messaging API name it by. */
  botUserName: string;
}

/**
 * The script snippet with the bot in every new conversation (`botIds`): the bot answers first when
 * it is the application's first responder.
 */
export function botWidgetSnippet(input: BotSnippetInput): string {
  return scriptSnippet(input).replace(
    '      automaticChatOpenOnNavigation: true\n',
    `      automaticChatOpenOnNavigation: true,\n      botIds: [${quote(input.botUserName)}]\n`,
  );
}

/**
 * The messaging API calls that talk to the bot from a server: create a conversation with the bot as
 * its assignee, then send the customer's message (the bot answers in the conversation).
 */
export function botApiSnippet({ origin, appId, botUserName }: BotSnippetInput): string {
  return `# 1. A conversation with the bot (as the customer: their messaging token)
curl -X POST ${quote(origin + MESSAGING_PATHS.groupCreate)} \\
  -H "Content-Type: application/json" \\
  -H "Application-Key: ${appId}" \\
  -H "X-Authorization: <customer token>" \\
  -d '{"groupName": "Support", "groupMemberList": [${quote(botUserName)}], "metadata": {"CONVERSATION_ASSIGNEE": ${quote(botUserName)}}}'

# 2. The customer's message; the bot's answer arrives in the conversation (message list or /ws)
curl -X POST ${quote(origin + MESSAGING_PATHS.messageSend)} \\
  -H "Content-Type: application/json" \\
  -H "Application-Key: ${appId}" \\
  -H "X-Authorization: <customer token>" \\
  -d '{"groupId": <groupId from step 1>, "message": "Hello!"}'`;
}
