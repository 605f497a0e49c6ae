import { FrameImpl } from '@stomp/stompjs';
import { describe, expect, it } from 'vitest';
import {
  escapeHeader,
  negotiateHeartBeat,
  type ParsedItem,
  parseHeartBeat,
  StompParser,
  StompProtocolError,
  serializeFrame,
  unescapeHeader,
} from './stomp-frame.js';

// Against the STOMP 1.1 specification (https://stomp.github.io/stomp-specification-1.1.html).

const frames = (items: ParsedItem[]) => items.flatMap((i) => (i.kind === 'frame' ? [i.frame] : []));
const parse = (text: string | Buffer, parser = new StompParser()) =>
  parser.push(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);

describe('STOMP frame parser', () => {
  it('reads a CONNECT frame as the Applozic widget sends it (stomp.js, login and passcode)', () => {
    const [frame] = frames(
      parse('CONNECT\nlogin:app-1\npasscode:tok\nhost:/\naccept-version:1.1,1.0\nheart-beat:10000,0\n\n\0'),
    );
    expect(frame?.command).toBe('CONNECT');
    expect(frame?.headers.get('login')).toBe('app-1');
    expect(frame?.headers.get('passcode')).toBe('tok');
    expect(frame?.headers.get('heart-beat')).toBe('10000,0');
  });

  it('does not unescape CONNECT headers, but does unescape the others', () => {
    const [connect] = frames(parse('CONNECT\naccept-version:1.1\npasscode:a\\cb\n\n\0'));
    expect(connect?.headers.get('passcode')).toBe('a\\cb');
    const [send] = frames(parse('SEND\ndestination:/topic/a\\cb\\n\\\\\n\n\0'));
    expect(send?.headers.get('destination')).toBe('/topic/a:b\n\\');
  });

  it('treats an undefined escape sequence as a fatal error (\\t, and \\r which is 1.2 only)', () => {
    expect(() => parse('SEND\ndestination:a\\tb\n\n\0')).toThrow(StompProtocolError);
    expect(() => parse('SEND\ndestination:a\\rb\n\n\0')).toThrow(StompProtocolError);
    expect(() => unescapeHeader('trailing\\')).toThrow(StompProtocolError);
  });

  it('keeps the first of repeated headers and does not trim values', () => {
    const [f] = frames(parse('SEND\ndestination:/a\ndestination:/b\nx: padded \n\n\0'));
    expect(f?.headers.get('destination')).toBe('/a');
    expect(f?.headers.get('x')).toBe(' padded ');
  });

  it('reads a body with NUL octets when content-length says how long it is', () => {
    const body = Buffer.from([104, 0, 105]);
    const head = Buffer.from('SEND\ndestination:/q\ncontent-length:3\n\n');
    const [f] = frames(parse(Buffer.concat([head, body, Buffer.from([0])])));
    expect([...(f?.body ?? [])]).toEqual([104, 0, 105]);
  });

  it('counts content-length in bytes, not characters', () => {
    const text = 'héllo ✓';
    const [f] = frames(parse(`SEND\ndestination:/q\ncontent-length:${Buffer.byteLength(text)}\n\n${text}\0`));
    expect(f?.body.toString('utf8')).toBe(text);
  });

  it('refuses a malformed content-length or a body that runs past it', () => {
    expect(() => parse('SEND\ncontent-length:abc\n\nx\0')).toThrow(/content-length/);
    expect(() => parse('SEND\ncontent-length:-1\n\nx\0')).toThrow(/content-length/);
    expect(() => parse('SEND\ncontent-length:1\n\nxy\0')).toThrow(/content-length/);
  });

  it('reports EOLs between frames as heart-beats, with LF or CRLF', () => {
    const items = parse('\n\r\nSEND\r\ndestination:/q\r\n\r\nbody\0\n\n');
    expect(items.map((i) => i.kind)).toEqual(['heartbeat', 'heartbeat', 'frame', 'heartbeat', 'heartbeat']);
    expect(frames(items)[0]?.headers.get('destination')).toBe('/q');
  });

  it('joins a frame split across WebSocket messages, and several frames in one', () => {
    const parser = new StompParser();
    expect(parse('SEND\ndestina', parser)).toEqual([]);
    expect(parse('tion:/q\n\nhel', parser)).toEqual([]);
    const got = frames(parse('lo\0SUBSCRIBE\nid:1\ndestination:/t\n\n\0', parser));
    expect(got.map((f) => f.command)).toEqual(['SEND', 'SUBSCRIBE']);
    expect(got[0]?.body.toString()).toBe('hello');
  });

  it('bounds a frame: too big with or without content-length, too many headers', () => {
    const parser = new StompParser({ maxFrameBytes: 100, maxHeaders: 3 });
    expect(() => parse(`SEND\ndestination:/q\n\n${'x'.repeat(200)}`, parser)).toThrow(/too large/);
    expect(() =>
      parse('SEND\ncontent-length:500\n\n', new StompParser({ maxFrameBytes: 100, maxHeaders: 3 })),
    ).toThrow(/too large/);
    expect(() =>
      parse('SEND\na:1\nb:2\nc:3\nd:4\ne:5\n\n\0', new StompParser({ maxFrameBytes: 100, maxHeaders: 3 })),
    ).toThrow(/headers/);
    // A never-ending header block is cut off too.
    expect(() =>
      parse(`SEND\nx:${'y'.repeat(200)}`, new StompParser({ maxFrameBytes: 100, maxHeaders: 3 })),
    ).toThrow(/too large/);
  });

  it('refuses unknown commands, header lines without a colon, and frames cut short by NUL', () => {
    expect(() => parse('HELLO\n\n\0')).toThrow(/Unknown command/);
    expect(() => parse('{"type":"hello"}\n\n\0')).toThrow(/Unknown command/);
    expect(() => parse('SEND\nnocolon\n\n\0')).toThrow(/header/);
    expect(() => parse('SEND\ndestination:/q\0')).toThrow(/headers/);
  });

  it('reads frames as @stomp/stompjs writes them (escaped headers, content-length)', () => {
    const raw = FrameImpl.marshall({
      command: 'SEND',
      headers: { destination: '/topic/message-status', note: 'a:b\nc' },
      body: 'u1,key-1,4',
      escapeHeaderValues: true,
    });
    const [f] = frames(parse(typeof raw === 'string' ? raw : Buffer.from(raw)));
    expect(f?.headers.get('note')).toBe('a:b\nc');
    expect(f?.body.toString()).toBe('u1,key-1,4');
  });
});

describe('STOMP frame serializer', () => {
  it('escapes header values except in CONNECTED and adds the body length in bytes', () => {
    const text = serializeFrame('MESSAGE', { destination: '/topic/a:b', 'message-id': '1' }, 'é');
    expect(text).toBe('MESSAGE\ndestination:/topic/a\\cb\nmessage-id:1\ncontent-length:2\n\né\0');
    expect(serializeFrame('CONNECTED', { version: '1.1', 'heart-beat': '0,0' })).toBe(
      'CONNECTED\nversion:1.1\nheart-beat:0,0\n\n\0',
    );
    expect(escapeHeader('a\\b\nc:d')).toBe('a\\\\b\\nc\\cd');
  });

  it('round-trips through the parser', () => {
    const text = serializeFrame('MESSAGE', { x: 'a:b\\c\nd' }, '{"k":1}').replace('MESSAGE', 'SEND');
    const [f] = frames(parse(text));
    expect(f?.headers.get('x')).toBe('a:b\\c\nd');
    expect(f?.body.toString()).toBe('{"k":1}');
  });
});

describe('heart-beat negotiation (STOMP 1.1 "Heart-beating")', () => {
  it('parses cx,cy and refuses anything else', () => {
    expect(parseHeartBeat(undefined)).toEqual([0, 0]);
    expect(parseHeartBeat('10000,0')).toEqual([10000, 0]);
    expect(parseHeartBeat('10000')).toBeNull();
    expect(parseHeartBeat('-1,0')).toBeNull();
  });

  it('uses the larger period when both sides want beats, none when either says 0', () => {
    // The widget: outgoing 10 s, incoming 0: it sends, the server does not.
    expect(negotiateHeartBeat([10000, 0], [5000, 5000])).toEqual({ serverSends: 0, serverExpects: 10000 });
    expect(negotiateHeartBeat([1000, 2000], [5000, 5000])).toEqual({
      serverSends: 5000,
      serverExpects: 5000,
    });
    expect(negotiateHeartBeat([0, 0], [5000, 5000])).toEqual({ serverSends: 0, serverExpects: 0 });
    expect(negotiateHeartBeat([20000, 30000], [5000, 0])).toEqual({ serverSends: 30000, serverExpects: 0 });
  });
});
