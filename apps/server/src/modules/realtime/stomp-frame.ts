// STOMP 1.1 frames (https://stomp.github.io/stomp-specification-1.1.html): a streaming parser for
// what clients send and a serializer for what the server sends. Hand-written rather than taken
// from @stomp/stompjs (whose Parser is marked internal and is lenient: it trims header values,
// ignores undefined escapes, and reads a non-numeric content-length as "forever"); here every
// departure from the grammar is an error, and a frame can never grow past a fixed size.

const NUL = 0;
const LF = 10;
const CR = 13;

/** Commands a client may send (STOMP 1.1 §"Client Frames"). */
export const CLIENT_COMMANDS = new Set([
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'ACK',
  'NACK',
  'DISCONNECT',
]);

export interface StompFrame {
  command: string;
  /** First occurrence wins (spec: repeated headers keep the first value). */
  headers: Map<string, string>;
  body: Buffer;
}

export interface StompLimits {
  /** Command, headers and body together, in bytes. */
  maxFrameBytes: number;
  maxHeaders: number;
}

export const DEFAULT_STOMP_LIMITS: StompLimits = { maxFrameBytes: 64 * 1024, maxHeaders: 32 };

export class StompProtocolError extends Error {}

/** The frame and heart-beat events a chunk of bytes produced, in order. */
export type ParsedItem = { kind: 'frame'; frame: StompFrame } | { kind: 'heartbeat' };

/**
 * Unescapes a header value (STOMP 1.1: `\n`, `\c`, `\\`); any other escape is a fatal error.
 * CONNECT (and CONNECTED) headers are not escaped.
 */
export function unescapeHeader(raw: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = raw[++i];
    if (next === 'n') out += '\n';
    else if (next === 'c') out += ':';
    else if (next === '\\') out += '\\';
    else throw new StompProtocolError(`Undefined escape sequence \\${next ?? ''} in a header.`);
  }
  return out;
}

export function escapeHeader(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/:/g, '\\c');
}

/**
 * A per-session parser: feed it the bytes of each WebSocket message; it returns the complete
 * frames and heart-beats, keeps a partial frame for the next chunk, and throws
 * StompProtocolError on anything malformed or too big (the session then ends).
 */
export class StompParser {
  private pending: Buffer | null = null;

  constructor(private readonly limits: StompLimits = DEFAULT_STOMP_LIMITS) {}

  push(chunk: Buffer): ParsedItem[] {
    let buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    const out: ParsedItem[] = [];
    for (;;) {
      // EOLs between frames are heart-beats.
      let start = 0;
      while (start < buf.length && (buf[start] === LF || buf[start] === CR)) {
        if (buf[start] === LF) out.push({ kind: 'heartbeat' });
        start++;
      }
      buf = buf.subarray(start);
      if (buf.length === 0) return out;
      const parsed = this.parseOne(buf);
      if (!parsed) {
        if (buf.length > this.limits.maxFrameBytes) throw new StompProtocolError('Frame too large.');
        this.pending = Buffer.from(buf);
        return out;
      }
      out.push({ kind: 'frame', frame: parsed.frame });
      buf = buf.subarray(parsed.length);
    }
  }

  /** One frame from the start of `buf`, or null when more bytes are needed. */
  private parseOne(buf: Buffer): { frame: StompFrame; length: number } | null {
    const limit = Math.min(buf.length, this.limits.maxFrameBytes + 1);
    // The command and header lines end at the first empty line.
    const lines: string[] = [];
    let pos = 0;
    let headerEnd = -1;
    while (pos < limit) {
      const lf = buf.indexOf(LF, pos);
      if (lf === -1 || lf >= limit) break;
      const end = lf > pos && buf[lf - 1] === CR ? lf - 1 : lf;
      const line = buf.toString('utf8', pos, end);
      pos = lf + 1;
      if (line === '') {
        headerEnd = pos;
        break;
      }
      if (line.includes('\0')) throw new StompProtocolError('NUL octet in a header.');
      lines.push(line);
      if (lines.length > this.limits.maxHeaders + 1) throw new StompProtocolError('Too many headers.');
    }
    if (headerEnd === -1) {
      if (buf.indexOf(NUL) !== -1 && buf.indexOf(NUL) < limit)
        throw new StompProtocolError('Frame ended before its headers did.');
      return null;
    }
    const command = lines[0] ?? '';
    if (!CLIENT_COMMANDS.has(command)) throw new StompProtocolError(`Unknown command "${command}".`);
    const escaped = command !== 'CONNECT' && command !== 'STOMP';
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError('Malformed header line.');
      const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
      const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
      if (!headers.has(name)) headers.set(name, value);
    }
    const declared = headers.get('content-length');
    let bodyEnd: number;
    if (declared !== undefined) {
      if (!/^\d{1,9}$/.test(declared)) throw new StompProtocolError('Invalid content-length.');
      const length = Number(declared);
      if (headerEnd + length > this.limits.maxFrameBytes) throw new StompProtocolError('Frame too large.');
      bodyEnd = headerEnd + length;
      if (buf.length <= bodyEnd) return null;
      if (buf[bodyEnd] !== NUL) throw new StompProtocolError('Body longer than its content-length.');
    } else {
      bodyEnd = buf.indexOf(NUL, headerEnd);
      if (bodyEnd === -1 || bodyEnd > this.limits.maxFrameBytes) {
        if (buf.length > this.limits.maxFrameBytes) throw new StompProtocolError('Frame too large.');
        return null;
      }
    }
    return {
      frame: { command, headers, body: Buffer.from(buf.subarray(headerEnd, bodyEnd)) },
      length: bodyEnd + 1,
    };
  }
}

/**
 * A server frame as text (STOMP over WebSocket text messages). Header values are escaped except
 * in CONNECTED; a non-empty body gets its content-length in bytes.
 */
export function serializeFrame(
  command: string,
  headers: Readonly<Record<string, string>>,
  body = '',
): string {
  const escaped = command !== 'CONNECTED';
  let out = `${command}\n`;
  for (const [name, value] of Object.entries(headers)) {
    out += escaped ? `${escapeHeader(name)}:${escapeHeader(value)}\n` : `${name}:${value}\n`;
  }
  if (body !== '') out += `content-length:${Buffer.byteLength(body)}\n`;
  return `${out}\n${body}\0`;
}

/** `heart-beat: cx,cy` as two non-negative integers; null when malformed. */
export function parseHeartBeat(value: string | undefined): [number, number] | null {
  if (value === undefined) return [0, 0];
  const m = /^(\d{1,9}),(\d{1,9})$/.exec(value);
  if (!m) return null;
  return [Number(m[1]), Number(m[2])];
}

/**
 * The negotiated periods (STOMP 1.1 "Heart-beating"): the server sends every max(sx, cy) ms when
 * both are non-zero, and expects the client every max(cx, sy) ms when both are non-zero.
 */
export function negotiateHeartBeat(
  client: [number, number],
  server: [number, number],
): { serverSends: number; serverExpects: number } {
  const [cx, cy] = client;
  const [sx, sy] = server;
  return {
    serverSends: cy === 0 || sx === 0 ? 0 : Math.max(sx, cy),
    serverExpects: cx === 0 || sy === 0 ? 0 : Math.max(cx, sy),
  };
}
