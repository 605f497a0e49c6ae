import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// An S3-compatible object store as the S3 REST API documents it, path-style
// (`http://host/<bucket>/<key>`), for tests of the S3 file store and of migrate-to-postgres:
// PutObject, GetObject, HeadObject, DeleteObject and ListObjectsV2. Requests must carry an
// AWS Signature Version 4 `Authorization` header made with the configured key pair (the
// signature is recomputed, so a wrong secret fails as on AWS); errors are S3's XML documents.

export interface FakeS3Options {
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Buckets that exist; any other answers NoSuchBucket. Default `['convo-files']`. */
  buckets?: readonly string[];
  /** Port on 127.0.0.1; default 0 (any free port). */
  port?: number;
}

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface FakeS3Call {
  method: string;
  bucket: string;
  key: string;
  query: Record<string, string>;
  /** The access key the Authorization header named, if any. */
  accessKeyId: string | undefined;
  status: number;
}

export interface FakeS3 {
  /** The endpoint to give the client (`S3_ENDPOINT`); path-style addressing. */
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  calls: FakeS3Call[];
  /** The stored object, for assertions. */
  object(bucket: string, key: string): FakeS3Object | undefined;
  /** Every key of a bucket, sorted. */
  keys(bucket: string): string[];
  close(): Promise<void>;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

function writeS3Error(res: ServerResponse, err: S3Error, head: boolean): void {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  if (head) {
    // HEAD responses have no body: the status and S3's headers say what went wrong.
    res.writeHead(err.status, { 'x-amz-request-id': requestId });
    res.end();
    return;
  }
  const fields = Object.entries({ Code: err.code, Message: err.message, ...err.extra, RequestId: requestId })
    .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
    .join('');
  res.writeHead(err.status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId });
  res.end(`${XML_HEAD}<Error>${fields}</Error>`);
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it for query names and values. */
const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

interface Authorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

const AUTH_PATTERN =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

function parseAuthorization(header: string | undefined): Authorization {
  if (!header) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const m = AUTH_PATTERN.exec(header.trim());
  if (!m) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  return {
    accessKeyId: m[1] as string,
    date: m[2] as string,
    region: m[3] as string,
    service: m[4] as string,
    signedHeaders: (m[5] as string).split(';'),
    signature: m[6] as string,
  };
}

/** The signature SigV4 gives this request with the secret key (S3 does not re-encode the path). */
function expectedSignature(req: IncomingMessage, auth: Authorization, secret: string): string {
  const url = new URL(req.url ?? '/', 'http://fake');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = auth.signedHeaders
    .map((name) => {
      const value = req.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD');
  const canonical = [
    req.method ?? 'GET',
    url.pathname,
    query,
    headers,
    auth.signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', String(req.headers['x-amz-date'] ?? ''), scope, sha256(canonical)].join(
    '\n',
  );
  let key = hmac(`AWS4${secret}`, auth.date);
  for (const part of [auth.region, auth.service, 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(toSign).digest('hex');
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

/**
 * The object bytes of an `aws-chunked` body (what the SDK sends for streamed uploads):
 * `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` … `0…\r\n` then optional trailers.
 */
function decodeAwsChunked(body: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) throw new S3Error(400, 'IncompleteBody', 'The request body ended inside a chunk.');
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isInteger(size) || size < 0) throw new S3Error(400, 'InvalidRequest', 'Bad chunk size.');
    if (size === 0) return Buffer.concat(out);
    out.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

function objectBody(req: IncomingMessage, raw: Buffer): Buffer {
  const declared = String(req.headers['x-amz-content-sha256'] ?? '');
  const chunked =
    declared.startsWith('STREAMING-') ||
    String(req.headers['content-encoding'] ?? '').includes('aws-chunked');
  const body = chunked ? decodeAwsChunked(raw) : raw;
  if (/^[0-9a-f]{64}$/.test(declared) && sha256(raw) !== declared)
    throw new S3Error(
      400,
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  return body;
}

function listObjectsV2(
  bucket: string,
  store: Map<string, FakeS3Object>,
  query: Record<string, string>,
): string {
  const prefix = query.prefix ?? '';
  const maxKeys = Math.min(Number(query['max-keys'] ?? 1000) || 1000, 1000);
  const after = query['continuation-token']
    ? Buffer.from(query['continuation-token'], 'base64url').toString('utf8')
    : (query['start-after'] ?? '');
  const keys = [...store.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page
    .map((k) => {
      const o = store.get(k) as FakeS3Object;
      return `<Contents><Key>${escapeXml(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>&quot;${o.etag}&quot;</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    })
    .join('');
  const next = truncated
    ? `<NextContinuationToken>${Buffer.from(page.at(-1) ?? '').toString('base64url')}</NextContinuationToken>`
    : '';
  const token = query['continuation-token']
    ? `<ContinuationToken>${escapeXml(query['continuation-token'])}</ContinuationToken>`
    : '';
  return `${XML_HEAD}<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${token}${contents}${next}</ListBucketResult>`;
}

export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const accessKeyId = options.accessKeyId ?? 'FAKEACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'fake-secret-access-key';
  const buckets = new Map<string, Map<string, FakeS3Object>>(
    (options.buckets ?? ['convo-files']).map((b) => [b, new Map()]),
  );
  const calls: FakeS3Call[] = [];
  const sockets = new Set<Socket>();

  async function handle(req: IncomingMessage, res: ServerResponse, call: FakeS3Call): Promise<void> {
    const auth = parseAuthorization(req.headers.authorization);
    call.accessKeyId = auth.accessKeyId;
    if (auth.accessKeyId !== accessKeyId)
      throw new S3Error(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
        { AWSAccessKeyId: auth.accessKeyId },
      );
    if (auth.service !== 's3' || expectedSignature(req, auth, secretAccessKey) !== auth.signature)
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      );
    const raw = await readBody(req);
    const store = buckets.get(call.bucket);
    if (!call.bucket) throw new S3Error(405, 'MethodNotAllowed', 'Listing buckets is not supported here.');
    if (!store)
      throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', {
        BucketName: call.bucket,
      });
    const method = req.method ?? 'GET';
    if (!call.key) {
      if (method === 'GET' && call.query['list-type'] === '2') {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(listObjectsV2(call.bucket, store, call.query));
        return;
      }
      throw new S3Error(
        501,
        'NotImplemented',
        'A header or query you provided implies functionality that is not implemented.',
      );
    }
    if (method === 'PUT') {
      const body = objectBody(req, raw);
      const etag = createHash('md5').update(body).digest('hex');
      store.set(call.key, {
        body,
        contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
        etag,
        lastModified: new Date(),
      });
      res.writeHead(200, { etag: `"${etag}"` });
      res.end();
      return;
    }
    if (method === 'DELETE') {
      store.delete(call.key);
      res.writeHead(204);
      res.end();
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      const o = store.get(call.key);
      if (!o)
        throw new S3Error(
          404,
          method === 'HEAD' ? 'NotFound' : 'NoSuchKey',
          'The specified key does not exist.',
          {
            Key: call.key,
          },
        );
      res.writeHead(200, {
        'content-type': o.contentType,
        'content-length': String(o.body.length),
        etag: `"${o.etag}"`,
        'last-modified': o.lastModified.toUTCString(),
      });
      res.end(method === 'HEAD' ? undefined : o.body);
      return;
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [bucket = '', ...keyParts] = url.pathname.slice(1).split('/');
    const call: FakeS3Call = {
      method: req.method ?? 'GET',
      bucket: decodeURIComponent(bucket),
      key: decodeURIComponent(keyParts.join('/')),
      query: Object.fromEntries(url.searchParams),
      accessKeyId: undefined,
      status: 0,
    };
    calls.push(call);
    handle(req, res, call)
      .catch((err: unknown) => {
        const s3 =
          err instanceof S3Error
            ? err
            : new S3Error(500, 'InternalError', 'We encountered an internal error.');
        // The rest of a refused upload is read and dropped, so the client sees the answer.
        req.resume();
        writeS3Error(res, s3, req.method === 'HEAD');
      })
      .finally(() => {
        call.status = res.statusCode;
      });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accessKeyId,
    secretAccessKey,
    calls,
    object: (bucket, key) => buckets.get(bucket)?.get(key),
    keys: (bucket) => [...(buckets.get(bucket)?.keys() ?? [])].sort(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
