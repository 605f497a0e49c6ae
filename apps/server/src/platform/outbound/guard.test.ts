import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOCKED_RANGES,
  blockedRangeOf,
  configureOutbound,
  createOutbound,
  type OutboundError,
  outbound,
  outboundErrorIn,
  policyOf,
  webUrlProblem,
} from './index.js';

// The guard with its default policy (nothing internal allowed) unless a test says otherwise.

/**
 * Addresses of every refused range: first, last and one inside. Written out, not derived from
 * BLOCKED_RANGES, so dropping any range from the list (172.16/12…) fails this table.
 */
const BLOCKED: Record<string, string[]> = {
  '0.0.0.0/8': ['0.0.0.0', '0.1.2.3', '0.255.255.255'],
  '10.0.0.0/8': ['10.0.0.0', '10.20.30.40', '10.255.255.255'],
  '100.64.0.0/10': ['100.64.0.0', '100.100.100.200', '100.127.255.255'],
  '127.0.0.0/8': ['127.0.0.1', '127.1.2.3', '127.255.255.255'],
  '169.254.0.0/16': ['169.254.0.1', '169.254.169.254', '169.254.255.255'],
  '172.16.0.0/12': ['172.16.0.0', '172.20.1.1', '172.31.255.255'],
  '192.0.0.0/24': ['192.0.0.0', '192.0.0.8', '192.0.0.255'],
  '192.0.2.0/24': ['192.0.2.0', '192.0.2.55', '192.0.2.255'],
  '192.88.99.0/24': ['192.88.99.0', '192.88.99.1', '192.88.99.255'],
  '192.168.0.0/16': ['192.168.0.0', '192.168.1.1', '192.168.255.255'],
  '198.18.0.0/15': ['198.18.0.0', '198.18.5.5', '198.19.255.255'],
  '198.51.100.0/24': ['198.51.100.0', '198.51.100.7', '198.51.100.255'],
  '203.0.113.0/24': ['203.0.113.0', '203.0.113.9', '203.0.113.255'],
  '224.0.0.0/4': ['224.0.0.1', '232.1.1.1', '239.255.255.255'],
  '240.0.0.0/4': ['240.0.0.0', '250.1.2.3', '255.255.255.255'],
  '::/128': ['::'],
  '::1/128': ['::1', '0:0:0:0:0:0:0:1'],
  '64:ff9b:1::/48': ['64:ff9b:1::1', '64:ff9b:1:ffff::1'],
  '100::/64': ['100::', '100::ffff:1'],
  '2001::/23': ['2001::1', '2001:0:4136:e378::1', '2001:1ff:ffff::1'],
  '2001:db8::/32': ['2001:db8::', '2001:db8:ffff::1'],
  '3fff::/20': ['3fff::1', '3fff:fff:ffff::1'],
  'fc00::/7': ['fc00::', 'fd12:3456:789a::1', 'fdff:ffff:ffff::1'],
  'fe80::/10': ['fe80::', 'fe80::1%eth0', 'febf:ffff::1'],
  'fec0::/10': ['fec0::1', 'feff:ffff::1'],
  'ff00::/8': ['ff00::', 'ff02::1', 'ffff:ffff::1'],
};

/** IPv6 forms carrying a refused IPv4 address. */
const MAPPED_BLOCKED = [
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:172.16.0.1',
  '::ffff:192.168.1.1',
  '::ffff:100.64.0.1',
  '::ffff:0:10.0.0.1', // SIIT
  '::127.0.0.1', // IPv4-compatible
  '::a00:1',
  '64:ff9b::10.0.0.1', // NAT64 of a private address
  '64:ff9b::7f00:1',
  '64:ff9b::a9fe:a9fe',
  '2002:a00:1::1', // 6to4 of 10.0.0.1
  '2002:7f00:1::',
];

const PUBLIC = [
  '1.1.1.1',
  '8.8.8.8',
  '93.184.215.14',
  '9.255.255.255', // just below 10/8
  '11.0.0.0', // just above
  '100.63.255.255',
  '100.128.0.0',
  '169.253.255.255',
  '172.15.255.255',
  '172.32.0.0',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::8.8.8.8',
  '2002:808:808::1',
];

describe('the blocked ranges', () => {
  it.each(Object.entries(BLOCKED))('refuses every address of %s', (cidr, addresses) => {
    for (const address of addresses) expect(blockedRangeOf(address)?.cidr, address).toBe(cidr);
  });

  it('has a row in this table for every range it refuses', () => {
    expect(BLOCKED_RANGES.map((r) => r.cidr).sort()).toEqual(Object.keys(BLOCKED).sort());
  });

  it.each(MAPPED_BLOCKED)('judges %s by the IPv4 address inside', (address) => {
    expect(blockedRangeOf(address)).not.toBeNull();
  });

  it.each(PUBLIC)('lets %s through', (address) => {
    expect(blockedRangeOf(address)).toBeNull();
  });

  it('refuses what is not an address rather than guess', () => {
    expect(blockedRangeOf('0x7f.1')).not.toBeNull();
    expect(blockedRangeOf('example.com')).not.toBeNull();
  });
});

describe('a tenant URL at validation', () => {
  it('is http or https only', () => {
    for (const url of [
      'file:///etc/passwd',
      'gopher://example.com/',
      'ftp://example.com/x',
      'data:text/plain,hi',
      'javascript:alert(1)',
      'ws://example.com/',
      'dict://example.com:11211/',
    ])
      expect(webUrlProblem(url), url).toBe('must be an http:// or https:// address');
    expect(webUrlProblem('not a url')).toBe('is not a URL');
    expect(webUrlProblem('https://example.com/hook')).toBeNull();
  });

  it('refuses a refused address literal in any spelling the URL parser accepts', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[64:ff9b::a00:1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost:8080/',
      'http://0.0.0.0:3000/',
    ])
      expect(webUrlProblem(url), url).toBe('is on a private or reserved network');
    expect(webUrlProblem('http://127.0.0.1/', policyOf(['127.0.0.1']))).toBeNull();
  });
});

const servers: Server[] = [];
async function listen(host: string, handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

let hits = 0;
let loopPort = 0;
beforeAll(async () => {
  loopPort = (
    await listen('127.0.0.1', (_req, res) => {
      hits += 1;
      res.end('secret');
    })
  ).port;
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const found = outboundErrorIn(err);
  if (!found) throw new Error(`expected an OutboundError, got ${String(err)}`);
  return found;
}

describe('fetch through the guard', () => {
  it('never connects to a refused address, named or literal, and tells only that it could not reach it', async () => {
    const guard = createOutbound();
    const before = hits;
    for (const url of [
      `http://127.0.0.1:${loopPort}/`,
      `http://localhost:${loopPort}/`,
      `http://[::ffff:127.0.0.1]:${loopPort}/`,
    ]) {
      const err = await refusal(guard.fetch(url));
      expect(err.reason).toBe('refused');
      expect(err.message).toBe('could not reach the address');
      expect(err.message).not.toContain('127.0.0.1');
    }
    expect(hits).toBe(before);
  });

  it('connects when the operator allows the range or the host name', async () => {
    const byRange = createOutbound({ policy: () => policyOf(['127.0.0.0/8']) });
    expect(await (await byRange.fetch(`http://127.0.0.1:${loopPort}/`)).text()).toBe('secret');
    const byName = createOutbound({
      policy: () => policyOf(['llm-proxy.internal', '*.corp.example']),
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect((await byName.fetch(`http://llm-proxy.internal:${loopPort}/`)).status).toBe(200);
    expect((await byName.fetch(`http://sso.corp.example:${loopPort}/`)).status).toBe(200);
    expect((await refusal(byName.fetch(`http://elsewhere.example:${loopPort}/`))).reason).toBe('refused');
  });

  it('follows the process-wide setting (OUTBOUND_ALLOW)', async () => {
    expect((await refusal(outbound.fetch(`http://127.0.0.1:${loopPort}/`))).reason).toBe('refused');
    configureOutbound(['127.0.0.1']);
    try {
      expect((await outbound.fetch(`http://127.0.0.1:${loopPort}/`)).status).toBe(200);
    } finally {
      configureOutbound([]);
    }
  });

  it('refuses a host when any of its addresses is refused', async () => {
    const guard = createOutbound({
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    });
    expect((await refusal(guard.resolve('mixed.example'))).reason).toBe('refused');
  });

  it('checks every redirect hop: an allowed address cannot redirect into a refused one', async () => {
    // 127.0.0.2 stands for a public server (allowed); 127.0.0.1 for the internal one.
    const guard = createOutbound({ policy: () => policyOf(['127.0.0.2']) });
    const { port } = await listen('127.0.0.2', (req, res) => {
      if (req.url === '/ok') return res.end('public');
      if (req.url === '/to-private-name')
        return res.writeHead(302, { location: `http://localhost:${loopPort}/` }).end();
      if (req.url === '/to-metadata')
        return res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (req.url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (req.url === '/to-ok') return res.writeHead(301, { location: '/ok' }).end();
      return res.writeHead(302, { location: `http://127.0.0.1:${loopPort}/` }).end();
    });
    const before = hits;
    const origin = `http://127.0.0.2:${port}`;
    expect(await (await guard.fetch(`${origin}/to-ok`)).text()).toBe('public');
    for (const path of ['/to-private', '/to-private-name', '/to-metadata']) {
      expect((await refusal(guard.fetch(`${origin}${path}`, { method: 'POST', body: '{}' }))).reason).toBe(
        'refused',
      );
    }
    expect((await refusal(guard.fetch(`${origin}/to-file`))).reason).toBe('scheme');
    expect((await refusal(guard.fetch(`${origin}/to-ok`, { redirect: 'error' }))).reason).toBe('redirect');
    // `manual` hands the redirect to the caller (webhooks count it as a failed delivery).
    expect((await guard.fetch(`${origin}/to-private`, { redirect: 'manual' })).status).toBe(302);
    expect(hits).toBe(before);
  });

  it('resolves once and connects to the address it checked (no DNS-rebinding window)', async () => {
    // A rebinding name: public (here 127.0.0.2, allowed) when checked, private on any later look-up.
    const answers: string[] = [];
    const guard = createOutbound({
      policy: () => policyOf(['127.0.0.2']),
      resolve: async () => {
        const address = answers.length === 0 ? '127.0.0.2' : '127.0.0.1';
        answers.push(address);
        return [{ address, family: 4 }];
      },
    });
    const { port } = await listen('127.0.0.2', (_req, res) => res.end('checked address'));
    const before = hits;
    const res = await guard.fetch(`http://rebind.example:${port}/`, {
      headers: { connection: 'close' },
    });
    expect(await res.text()).toBe('checked address');
    // One look-up for the check and the connection together; a check-then-fetch would have made two.
    expect(answers).toEqual(['127.0.0.2']);
    // The next connection's look-up answers the private address: refused, nothing reached.
    const err = await refusal(guard.fetch(`http://rebind.example:${loopPort}/`));
    expect(err.reason).toBe('refused');
    expect(answers).toEqual(['127.0.0.2', '127.0.0.1']);
    expect(hits).toBe(before);
  });

  it('gives sockets (mail servers, https agents) only a checked address', async () => {
    const guard = createOutbound({ resolve: async () => [{ address: '192.168.1.10', family: 4 }] });
    const looked = await new Promise<unknown>((resolve) =>
      guard.lookup('mail.example', { all: true }, (err, address) => resolve(err ?? address)),
    );
    expect(outboundErrorIn(looked)?.reason).toBe('refused');
    const publicGuard = createOutbound({ resolve: async () => [{ address: '93.184.215.14', family: 4 }] });
    expect(await publicGuard.resolve('mail.example')).toEqual([{ address: '93.184.215.14', family: 4 }]);
  });
});
