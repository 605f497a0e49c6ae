import { describe, expect, it } from 'vitest';
import { websocketOf } from './platform-routes.js';

// What applozic.chat-6.2.9.min.js does with initialize.page's answer:
//   l = r.websocketUrl; p = r.websocketPort;
//   new WebSocket("wss://" + l.replace("https://", "") + ":" + p + "/ws")
const widgetSocketUrl = (r: { url: string; port: number }) =>
  `wss://${r.url.replace('https://', '')}:${r.port}/ws`;

describe('initialize.page websocketUrl/websocketPort', () => {
  it('lead the widget to this server’s /ws', () => {
    expect(widgetSocketUrl(websocketOf('https://chat.example.com'))).toBe('wss://chat.example.com:443/ws');
    expect(widgetSocketUrl(websocketOf('https://chat.example.com:8443/'))).toBe(
      'wss://chat.example.com:8443/ws',
    );
    expect(websocketOf('https://chat.example.com')).toEqual({ url: 'https://chat.example.com', port: 443 });
  });
  it('give a plain-http deployment its bare host, never a URL the widget would garble', () => {
    expect(widgetSocketUrl(websocketOf('http://localhost:3000'))).toBe('wss://localhost:3000/ws');
  });
});
