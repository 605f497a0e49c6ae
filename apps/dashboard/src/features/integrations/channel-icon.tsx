import { LazyTooltip } from '../../components/overlays/lazy-tooltip';

// The mark of a conversation's messaging channel (inbox list and header) and of a channel
// integration in the hub. Brand names are not translated.

const CHANNEL_NAMES: Readonly<Record<string, string>> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  'whatsapp-cloud-api': 'WhatsApp',
  'whatsapp-twilio': 'WhatsApp',
  'whatsapp-dialog360': 'WhatsApp',
  'whatsapp-gallabox': 'WhatsApp',
  facebook: 'Facebook',
  instagram: 'Instagram',
  line: 'LINE',
  viber: 'Viber',
  slack: 'Slack',
  mail: 'E-mail',
  email: 'E-mail',
  'voice-twilio': 'Phone',
};

const CHANNEL_COLORS: Readonly<Record<string, string>> = {
  telegram: '#229ED9',
  whatsapp: '#25D366',
  'whatsapp-cloud-api': '#25D366',
  'whatsapp-twilio': '#25D366',
  'whatsapp-dialog360': '#25D366',
  'whatsapp-gallabox': '#25D366',
  facebook: '#0866FF',
  instagram: '#E1306C',
  line: '#06C755',
  viber: '#7360F2',
  slack: '#4A154B',
  email: '#5C7CFA',
  'voice-twilio': '#F22F46',
};

export const channelName = (channel: string) => CHANNEL_NAMES[channel] ?? channel;

/** A small round mark with the channel's initial in its brand colour; labelled for screen readers. */
export function ChannelIcon({ channel, size = 18 }: { channel: string; size?: number }) {
  const name = channelName(channel);
  return (
    <LazyTooltip label={name} withArrow>
      <span
        role="img"
        aria-label={name}
        data-testid={`channel-icon-${channel}`}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          flex: 'none',
          width: size,
          height: size,
          borderRadius: '50%',
          background: CHANNEL_COLORS[channel] ?? 'var(--mantine-color-gray-6)',
          color: '#fff',
          fontSize: Math.round(size * 0.55),
          fontWeight: 700,
          lineHeight: 1,
        }}
      >
        {name.slice(0, 1).toUpperCase()}
      </span>
    </LazyTooltip>
  );
}
