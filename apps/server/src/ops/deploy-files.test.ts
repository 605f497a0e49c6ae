import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

// The container files cannot be built on the test machines, so they are checked by reading them:
// the compose file's services, ports and health checks, the proxy's WebSocket and forwarded
// headers, and the Dockerfile's start command against the README and `npm start`'s node flags.

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const healthcheck = z.object({ test: z.array(z.string()).min(2) });
const service = z.object({
  image: z.string().optional(),
  build: z.string().optional(),
  ports: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.string()).optional(),
  healthcheck: healthcheck.optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
  networks: z
    .union([z.array(z.string()), z.record(z.string(), z.object({ ipv4_address: z.string() }))])
    .optional(),
  volumes: z.array(z.string()).optional(),
  env_file: z.array(z.object({ path: z.string(), required: z.boolean() })).optional(),
});
const composeSchema = z.object({ services: z.record(z.string(), service) });

/** The Dockerfile's instructions, continuation lines joined. */
function instructions(text: string): string[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

describe('container deployment files', () => {
  const compose = composeSchema.parse(parse(read('compose.yaml'), { merge: true }));
  const s = compose.services;

  it('compose: PostgreSQL, Redis, S3, two server nodes and a proxy, each with a health check', () => {
    expect(Object.keys(s).sort()).toEqual(
      ['convo-1', 'convo-2', 's3', 's3-setup', 'postgres', 'proxy', 'redis'].sort(),
    );
    for (const name of ['postgres', 'redis', 's3', 'convo-1', 'convo-2', 'proxy'])
      expect(s[name]?.healthcheck?.test.length, name).toBeGreaterThan(1);
    expect(s.postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(s.redis?.healthcheck?.test).toContain('ping');
    for (const node of ['convo-1', 'convo-2']) {
      expect(s[node]?.healthcheck?.test.join(' '), node).toContain('/health');
      // Only the proxy is published; the nodes are reached through it.
      expect(s[node]?.ports, node).toBeUndefined();
    }
    expect(s.proxy?.ports).toHaveLength(1);
    expect(s.proxy?.ports?.[0]).toMatch(/^\$\{CONVO_HTTP_PORT:-8080\}:80$/);
    for (const name of ['postgres', 'redis', 's3']) expect(s[name]?.ports, name).toBeUndefined();
  });

  it('compose: the nodes share PostgreSQL, Redis, the bucket and the secret, and trust the proxy alone', () => {
    const proxyNetworks = s.proxy?.networks as Record<string, { ipv4_address: string }>;
    const proxyAddress = proxyNetworks.convo?.ipv4_address;
    expect(proxyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const env1 = s['convo-1']?.environment ?? {};
    expect(s['convo-2']?.environment).toEqual(env1);
    expect(env1.DATABASE_URL).toMatch(/^postgres:\/\/convo:.*@postgres:5432\/convo$/);
    expect(env1.REDIS_URL).toBe('redis://redis:6379');
    expect(env1.S3_BUCKET).toBe('convo');
    expect(env1.S3_ENDPOINT).toBe('http://s3:8333');
    expect(env1.S3_FORCE_PATH_STYLE).toBe('true');
    expect(env1.APP_SECRET).toMatch(/^\$\{APP_SECRET:\?/);
    expect(env1.TRUST_PROXY).toBe(proxyAddress);
    // The second node starts after the first is healthy (the first runs the migrations).
    expect(s['convo-2']?.depends_on?.['convo-1']?.condition).toBe('service_healthy');
    expect(s['convo-1']?.depends_on?.postgres?.condition).toBe('service_healthy');
  });

  it('compose: every image pinned to a version, none of MinIO (no longer published)', () => {
    for (const [name, svc] of Object.entries(s)) {
      const image = svc.image ?? '';
      expect(image, name).toMatch(/:\d+\.\d+(\.\d+)?(-[a-z0-9.]+)?$/);
      expect(image, name).not.toMatch(/minio/);
    }
    for (const from of instructions(read('Dockerfile')).filter((l) => l.startsWith('FROM ')))
      expect(from).toMatch(/^FROM node:22\.\d+\.\d+-bookworm-slim/);
  });

  it('compose: the nodes read .env; .env.example lists every variable of the README table', () => {
    for (const node of ['convo-1', 'convo-2'])
      expect(s[node]?.env_file, node).toEqual([{ path: '.env', required: true }]);
    const readmeVariables = read('README.md')
      .split('\n')
      .filter((l) => /^\| `[A-Z]/.test(l))
      .flatMap((l) => [...(l.split(' | ')[0] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect(readmeVariables.length).toBeGreaterThan(40);
    const example = read('.env.example');
    const listed = new Set([...example.matchAll(/^#? ?([A-Z0-9_]+)[=:]/gm)].map((m) => m[1]));
    expect(readmeVariables.filter((v) => !listed.has(v))).toEqual([]);
    // What compose interpolates from .env is in its first, uncommented block.
    for (const required of ['APP_SECRET', 'POSTGRES_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(example).toMatch(new RegExp(`^${required}=`, 'm'));
  });

  it('proxy: both nodes upstream, WebSocket upgrade and forwarded headers', () => {
    const conf = read('deploy/nginx.conf');
    expect(s.proxy?.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(conf).toMatch(/server convo-1:3000/);
    expect(conf).toMatch(/server convo-2:3000/);
    expect(conf).toMatch(/proxy_http_version 1\.1;/);
    expect(conf).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(conf).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
  });

  it('Dockerfile: multi-stage, non-root, health check on /health, the start command the README documents', () => {
    const lines = instructions(read('Dockerfile'));
    expect(lines.filter((l) => /^FROM /i.test(l)).length).toBeGreaterThanOrEqual(2);
    const user = lines.filter((l) => /^USER /.test(l)).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/USER (root|0)\b/);
    const health = lines.find((l) => l.startsWith('HEALTHCHECK '));
    expect(health).toContain('/health');
    const cmdLine = lines.filter((l) => l.startsWith('CMD ')).at(-1) ?? '';
    const cmd = z.array(z.string()).parse(JSON.parse(cmdLine.slice(4)));
    // npm start's command: node, the flags of apps/server/node-args.json, dist/main.js.
    const nodeArgs = z.array(z.string()).parse(JSON.parse(read('apps/server/node-args.json')));
    expect(cmd).toEqual(['node', ...nodeArgs, 'apps/server/dist/main.js']);
    expect(read('scripts/start.mjs')).toContain("'apps/server/dist/main.js'");
    expect(read('README.md')).toContain(`\n${cmd.join(' ')}\n`);
    // The image carries the operator command.
    expect(lines.some((l) => l.includes('deploy/convo /usr/local/bin/convo'))).toBe(true);
    expect(read('deploy/convo')).toContain('apps/server/dist/convo.js');
  });
});
