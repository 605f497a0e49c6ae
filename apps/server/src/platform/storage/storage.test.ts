import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage, s3ClientConfig } from './s3-storage.js';
import {
  createStorage,
  isValidStorageKey,
  newStorageKey,
  type S3StorageConfig,
  StorageConfigError,
  storageConfigFromEnv,
} from './storage.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const tmpDirs: string[] = [];
function tmp() {
  const dir = mkdtempSync(path.join(tmpdir(), 'convo-storage-'));
  tmpDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of tmpDirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('storageConfigFromEnv', () => {
  it('keeps files under <DATA_DIR>/files when no bucket is set', () => {
    const c = storageConfigFromEnv({ DATA_DIR: '/srv/convo' });
    expect(c).toEqual({ kind: 'local', dir: path.resolve('/srv/convo/files') });
    expect(storageConfigFromEnv({})).toEqual({ kind: 'local', dir: path.resolve('./data/files') });
    expect(storageConfigFromEnv({ S3_BUCKET: '  ', DATA_DIR: '/d' }).kind).toBe('local');
  });

  it('uses S3 when S3_BUCKET is set, with the other S3_* settings', () => {
    const c = storageConfigFromEnv({
      DATA_DIR: '/d',
      S3_BUCKET: 'convo-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIA-TEST',
      S3_SECRET_ACCESS_KEY: 'secret-test',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(c).toEqual({
      kind: 's3',
      bucket: 'convo-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      accessKeyId: 'AKIA-TEST',
      secretAccessKey: 'secret-test',
      forcePathStyle: true,
    });
  });

  it('defaults to us-east-1, virtual-hosted style and the SDK credential chain', () => {
    expect(storageConfigFromEnv({ S3_BUCKET: 'b' })).toEqual({
      kind: 's3',
      bucket: 'b',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(storageConfigFromEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: '1' })).toMatchObject({
      forcePathStyle: true,
    });
  });

  it('refuses a bad endpoint, a bad flag, or half a key pair, naming the variable', () => {
    expect(() => storageConfigFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => storageConfigFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' })).toThrow(
      StorageConfigError,
    );
    expect(() => storageConfigFromEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
    expect(() => storageConfigFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });
});

describe('createStorage', () => {
  it('picks S3 when a bucket is configured, the local directory otherwise', () => {
    expect(createStorage(storageConfigFromEnv({ DATA_DIR: tmp() })).kind).toBe('local');
    expect(createStorage(storageConfigFromEnv({ S3_BUCKET: 'b', S3_REGION: 'eu-west-1' })).kind).toBe('s3');
  });
});

describe('storage keys', () => {
  it('are generated from the application and a UUID, never from user input', () => {
    const key = newStorageKey('app-1', '0b6c3f0e-3c41-4d8e-9d0e-1f2a3b4c5d6e');
    expect(key).toBe('app-1/0b6c3f0e-3c41-4d8e-9d0e-1f2a3b4c5d6e');
    expect(newStorageKey('../../etc', 'x')).toBe('______etc/x');
    expect(isValidStorageKey(newStorageKey('any app'))).toBe(true);
  });

  it('refuse dots, absolute paths, backslashes and empty segments', () => {
    for (const bad of [
      '',
      '../x',
      'a/../b',
      '/etc/passwd',
      'a/./b',
      'a//b',
      'a\\b',
      'a.b',
      '.hidden',
      'a/',
    ]) {
      expect(isValidStorageKey(bad), bad).toBe(false);
    }
  });
});

describe('local storage', () => {
  it('stores bytes and content type and gives them back', async () => {
    const dir = tmp();
    const storage = createLocalStorage(dir);
    const bytes = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
    await storage.put('app/one', bytes, 'image/png');
    const got = await storage.get('app/one');
    expect(got?.size).toBe(bytes.length);
    expect(got?.contentType).toBe('image/png');
    expect(await readAll(got!.stream)).toEqual(bytes);
    expect(existsSync(path.join(dir, 'app', 'one'))).toBe(true);
    // No temporary files left behind.
    expect(readdirSync(path.join(dir, 'app')).sort()).toEqual(['one', 'one.meta.json']);
  });

  it('overwrites, deletes, and answers null for a missing key', async () => {
    const storage = createLocalStorage(tmp());
    await storage.put('k', Buffer.from('first'), 'text/plain');
    await storage.put('k', Buffer.from('second!'), 'text/markdown');
    const got = await storage.get('k');
    expect(got?.contentType).toBe('text/markdown');
    expect((await readAll(got!.stream)).toString()).toBe('second!');
    await storage.delete('k');
    expect(await storage.get('k')).toBeNull();
    await expect(storage.delete('k')).resolves.toBeUndefined();
    expect(await storage.get('never/was')).toBeNull();
  });

  it('refuses keys that could leave its directory, and writes nothing', async () => {
    const parent = tmp();
    const dir = path.join(parent, 'files');
    const storage = createLocalStorage(dir);
    for (const bad of ['../escape', 'a/../../escape', '/tmp/escape', '..']) {
      await expect(storage.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(bad)).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(bad)).rejects.toThrow(/invalid storage key/);
    }
    expect(readdirSync(parent)).toEqual([]);
  });
});

describe('S3 storage configuration (no network)', () => {
  const base: S3StorageConfig = {
    kind: 's3',
    bucket: 'convo-files',
    region: 'eu-central-1',
    endpoint: 'http://127.0.0.1:9000',
    accessKeyId: 'AKIA-TEST',
    secretAccessKey: 'secret-test',
    forcePathStyle: true,
  };

  it('passes endpoint, region, path style and the key pair to the client', () => {
    expect(s3ClientConfig(base)).toEqual({
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA-TEST', secretAccessKey: 'secret-test' },
    });
  });

  it('leaves endpoint and credentials to the SDK when not given (AWS itself)', () => {
    const c = s3ClientConfig({
      ...base,
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
    expect(c).toEqual({ region: 'eu-central-1', forcePathStyle: true });
  });

  it('builds a client that resolves to the configured server', async () => {
    const client = new S3Client(s3ClientConfig(base));
    try {
      expect(await client.config.region()).toBe('eu-central-1');
      expect(client.config.forcePathStyle).toBe(true);
      const endpoint = await client.config.endpoint?.();
      expect(endpoint?.hostname).toBe('127.0.0.1');
      expect(endpoint?.port).toBe(9000);
      const credentials = await client.config.credentials();
      expect(credentials.accessKeyId).toBe('AKIA-TEST');
    } finally {
      client.destroy();
    }
  });
});

describe('S3 storage commands (a stubbed client, no network)', () => {
  const config: S3StorageConfig = {
    kind: 's3',
    bucket: 'convo-files',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9',
    accessKeyId: 'a',
    secretAccessKey: 'b',
    forcePathStyle: true,
  };

  it('puts with bucket, key, type and length; a missing object reads as null', async () => {
    const client = new S3Client(s3ClientConfig(config));
    const sent: unknown[] = [];
    vi.spyOn(client, 'send').mockImplementation(async (command: unknown) => {
      sent.push(command);
      if (command instanceof GetObjectCommand) {
        throw new NoSuchKey({
          message: 'The specified key does not exist.',
          $metadata: { httpStatusCode: 404 },
        });
      }
      return {};
    });
    const storage = createS3Storage(config, client);
    await storage.put('app/one', Buffer.from('hello'), 'text/plain');
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect((sent[0] as PutObjectCommand).input).toMatchObject({
      Bucket: 'convo-files',
      Key: 'app/one',
      ContentType: 'text/plain',
      ContentLength: 5,
    });
    expect(await storage.get('app/one')).toBeNull();
    await expect(storage.put('../x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    expect(sent).toHaveLength(2);
    client.destroy();
  });
});
