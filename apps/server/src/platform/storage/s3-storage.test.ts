import { Readable } from 'node:stream';
import { DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { type FakeS3, startFakeS3 } from '@convo/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, s3ClientConfig } from './s3-storage.js';
import type { S3StorageConfig } from './storage.js';

// The S3 store against a real HTTP server speaking S3 (the provider fake): the SDK signs, sends
// and parses as it would against AWS or MinIO.

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
}

describe('S3 storage against the S3 fake', () => {
  let fake: FakeS3;
  let config: S3StorageConfig;
  beforeAll(async () => {
    fake = await startFakeS3({ buckets: ['convo-files'] });
    config = {
      kind: 's3',
      bucket: 'convo-files',
      region: 'us-east-1',
      endpoint: fake.url,
      accessKeyId: fake.accessKeyId,
      secretAccessKey: fake.secretAccessKey,
      forcePathStyle: true,
    };
  });
  afterAll(() => fake.close());

  it('puts, reads and deletes an object; a missing key reads as null', async () => {
    const storage = createS3Storage(config);
    await storage.put('app-1/receipt', Buffer.from('%PDF-1.4 receipt'), 'application/pdf');
    expect(fake.object('convo-files', 'app-1/receipt')?.contentType).toBe('application/pdf');
    const got = await storage.get('app-1/receipt');
    expect(got?.contentType).toBe('application/pdf');
    expect(got?.size).toBe(16);
    expect(await text(got?.stream ?? Readable.from([]))).toBe('%PDF-1.4 receipt');
    expect(await storage.get('app-1/missing')).toBeNull();
    await storage.delete('app-1/receipt');
    expect(fake.object('convo-files', 'app-1/receipt')).toBeUndefined();
    expect(await storage.get('app-1/receipt')).toBeNull();
    const put = fake.calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({ bucket: 'convo-files', key: 'app-1/receipt', accessKeyId: fake.accessKeyId });
  });

  it('refuses a wrong access key, a wrong secret and an unknown bucket with S3 error codes', async () => {
    await expect(
      createS3Storage({ ...config, accessKeyId: 'SOMEONEELSE' }).put('a/b', Buffer.from('x'), 'text/plain'),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(
      createS3Storage({ ...config, secretAccessKey: 'wrong-secret' }).put(
        'a/b',
        Buffer.from('x'),
        'text/plain',
      ),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(
      createS3Storage({ ...config, bucket: 'nope' }).put('a/b', Buffer.from('x'), 'text/plain'),
    ).rejects.toMatchObject({ name: 'NoSuchBucket' });
    // A read from a bucket that does not exist fails too, rather than reading as a missing object.
    await expect(createS3Storage({ ...config, bucket: 'nope' }).get('a/b')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    expect(fake.keys('convo-files')).not.toContain('a/b');
  });

  it('answers HEAD, ListObjectsV2 page by page and a streamed (aws-chunked) upload', async () => {
    const client = new S3Client(s3ClientConfig(config));
    try {
      const storage = createS3Storage(config, client);
      for (const n of [1, 2, 3]) await storage.put(`list/file-${n}`, Buffer.from(`file ${n}`), 'text/plain');
      const head = await client.send(new HeadObjectCommand({ Bucket: 'convo-files', Key: 'list/file-2' }));
      expect(head.ContentLength).toBe(6);
      await expect(
        client.send(new HeadObjectCommand({ Bucket: 'convo-files', Key: 'list/none' })),
      ).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
      const first = await client.send(
        new ListObjectsV2Command({ Bucket: 'convo-files', Prefix: 'list/', MaxKeys: 2 }),
      );
      expect(first.Contents?.map((o) => o.Key)).toEqual(['list/file-1', 'list/file-2']);
      expect(first.IsTruncated).toBe(true);
      const second = await client.send(
        new ListObjectsV2Command({
          Bucket: 'convo-files',
          Prefix: 'list/',
          MaxKeys: 2,
          ContinuationToken: first.NextContinuationToken,
        }),
      );
      expect(second.Contents?.map((o) => [o.Key, o.Size])).toEqual([['list/file-3', 6]]);
      expect(second.IsTruncated).toBe(false);
      await client.send(new DeleteObjectCommand({ Bucket: 'convo-files', Key: 'list/file-1' }));
      expect(fake.keys('convo-files')).toEqual(['list/file-2', 'list/file-3']);

      const { PutObjectCommand } = await import('@aws-sdk/client-s3');
      await client.send(
        new PutObjectCommand({
          Bucket: 'convo-files',
          Key: 'list/streamed',
          Body: Readable.from([Buffer.from('hello '), Buffer.from('stream')]),
          ContentLength: 12,
          ContentType: 'text/plain',
        }),
      );
      expect(fake.object('convo-files', 'list/streamed')?.body.toString()).toBe('hello stream');
    } finally {
      client.destroy();
    }
  });
});
