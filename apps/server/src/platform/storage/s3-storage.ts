import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage, type S3StorageConfig } from './file-storage.js';

type S3Sdk = typeof import('@aws-sdk/client-s3');

/** The client settings for a bucket on AWS or any S3-compatible server (MinIO, R2, Ceph…). */
export function s3ClientConfig(config: S3StorageConfig): S3ClientConfig {
  const out: S3ClientConfig = { region: config.region, forcePathStyle: config.forcePathStyle };
  if (config.endpoint) out.endpoint = config.endpoint;
  if (config.accessKeyId && config.secretAccessKey) {
    out.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
  }
  return out;
}

// A missing object, not a missing bucket (also a 404): a wrong S3_BUCKET must fail, not read as empty.
const isNotFound = (sdk: S3Sdk, err: unknown) =>
  err instanceof sdk.S3ServiceException &&
  err.name !== 'NoSuchBucket' &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Objects in one bucket; the key is the object key as is (keys are generated, see storage.ts).
 * The SDK is loaded on first use, so a server on local storage never pays for it.
 */
export function createS3Storage(config: S3StorageConfig, givenClient?: S3Client): FileStorage {
  const Bucket = config.bucket;
  let ready: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  const load = () => {
    ready ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: givenClient ?? new sdk.S3Client(s3ClientConfig(config)),
    }));
    return ready;
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      const { sdk, client } = await load();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      const { sdk, client } = await load();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        const body = res.Body;
        if (!body) return null;
        const stream =
          body instanceof Readable
            ? body
            : Readable.fromWeb(body.transformToWebStream() as unknown as WebReadableStream);
        return {
          stream,
          size: res.ContentLength ?? 0,
          contentType: res.ContentType ?? 'application/octet-stream',
        };
      } catch (err) {
        if (isNotFound(sdk, err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      const { sdk, client } = await load();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
