import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newVisitor } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { listAttachments } from './repository.js';
import { ATTACHMENT_PATHS } from './routes.js';
import { type FilePart, multipart, tinyPng } from './test-harness.js';

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

describe.each(testDatabaseKinds())('attachments on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2, dataDir: true });
  const [tenant, other] = tenants;

  const upload = (url: string, headers: Record<string, string>, part: FilePart) => {
    const body = multipart([part]);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const stored = async () => ({
    rows: (await listAttachments(t.database.db, tenant.applicationId)).length,
    files: countFiles(path.join(t.config.dataDir, 'files')),
  });

  it('stores a PNG and gives back the same bytes, inline, with the fileMeta shape', async () => {
    const png = tinyPng();
    const res = await upload(ATTACHMENT_PATHS.uploadImage, tenant.admin, {
      filename: 'pixel.png',
      contentType: 'image/png',
      data: png,
    });
    expect(res.statusCode, res.body).toBe(200);
    const meta = res.json();
    expect(meta).toMatchObject({ name: 'pixel.png', size: png.length, contentType: 'image/png' });
    expect(meta.key).toMatch(/^[0-9a-f-]{36}$/);
    // The platform's clients (the Kommunicate widget) read the stored file's key as blobKey.
    expect(meta.blobKey).toBe(meta.key);
    expect(meta.url).toBe(`http://localhost:3000/rest/ws/file/${meta.key}`);
    expect(meta.thumbnailUrl).toBe(meta.url);
    expect(typeof meta.createdAtTime).toBe('number');
    expect(countFiles(path.join(t.config.dataDir, 'files'))).toBeGreaterThan(0);

    const got = await t.app.inject({
      method: 'GET',
      url: `/rest/ws/file/${meta.key}`,
      headers: tenant.admin,
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(png)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toMatch(/^inline; filename="pixel.png"/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('private');

    const url = await t.app.inject({
      method: 'GET',
      url: `${ATTACHMENT_PATHS.fileUrl}?key=${meta.key}`,
      headers: tenant.admin,
    });
    expect(url.json()).toEqual({ status: 'success', response: meta.url });
  });

  it('refuses a 4 MB image with the spec limit and stores nothing', async () => {
    const before = await stored();
    const big = Buffer.concat([tinyPng(), Buffer.alloc(4 * 1024 * 1024 - tinyPng().length)]);
    const res = await upload(ATTACHMENT_PATHS.uploadImage, tenant.admin, {
      filename: 'huge.png',
      contentType: 'image/png',
      data: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The image is 4.00 MB; the limit is 3.00 MB.',
    });
    // The same image through the generic file upload meets the same limit.
    const asFile = await upload(ATTACHMENT_PATHS.uploadFile, tenant.admin, {
      filename: 'huge.png',
      contentType: 'image/png',
      data: big,
    });
    expect(asFile.statusCode).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('refuses a text file that claims to be a PNG, and SVG as an image', async () => {
    const before = await stored();
    const fake = { filename: 'notes.png', contentType: 'image/png', data: Buffer.from('just some text\n') };
    for (const url of [ATTACHMENT_PATHS.uploadImage, ATTACHMENT_PATHS.uploadFile]) {
      const res = await upload(url, tenant.admin, fake);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('INVALID_FILE_TYPE');
      expect(res.json().message).toBe(
        'The file claims to be image/png, but its content is not a PNG, JPEG, GIF or WebP image.',
      );
    }
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>',
    );
    for (const contentType of ['image/svg+xml', 'image/png']) {
      const res = await upload(ATTACHMENT_PATHS.uploadImage, tenant.admin, {
        filename: 'logo.svg',
        contentType,
        data: svg,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('UNSUPPORTED_FILE_TYPE');
    }
    // A JPEG that claims to be a PNG is refused as well: the claim must match the content.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const mismatch = await upload(ATTACHMENT_PATHS.uploadImage, tenant.admin, {
      filename: 'x.png',
      contentType: 'image/png',
      data: jpeg,
    });
    expect(mismatch.json().message).toBe('The file claims to be image/png, but its content is image/jpeg.');
    expect(await stored()).toEqual(before);
  });

  it('stores any other file for download only, under a clean name', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n',
      'latin1',
    );
    const res = await upload(ATTACHMENT_PATHS.uploadFile, tenant.admin, {
      filename: 'C:\\Users\\ana\\Facture mai été.pdf',
      contentType: 'application/pdf',
      data: pdf,
    });
    expect(res.statusCode, res.body).toBe(200);
    const meta = res.json();
    expect(meta).toMatchObject({
      name: 'Facture mai été.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    expect(meta.thumbnailUrl).toBeUndefined();
    const got = await t.app.inject({
      method: 'GET',
      url: `/rest/ws/file/${meta.key}`,
      headers: tenant.admin,
    });
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Facture mai _t_.pdf"; filename*=UTF-8''Facture%20mai%20%C3%A9t%C3%A9.pdf`,
    );
    // HTML is kept as a download that can never run.
    const html = await upload(ATTACHMENT_PATHS.uploadFile, tenant.admin, {
      filename: 'page.html',
      contentType: 'text/html',
      data: Buffer.from('<script>alert(1)</script>'),
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/rest/ws/file/${html.json().key}`,
      headers: tenant.admin,
    });
    expect(page.headers['content-disposition']).toMatch(/^attachment;/);
    expect(page.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses a file over 10 MB, an empty file, and a request without the file field', async () => {
    const before = await stored();
    const huge = await upload(ATTACHMENT_PATHS.uploadFile, tenant.admin, {
      filename: 'big.bin',
      contentType: 'application/octet-stream',
      data: Buffer.alloc(10 * 1024 * 1024 + 512, 1),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The file is larger than the limit of 10.00 MB.',
    });
    const empty = await upload(ATTACHMENT_PATHS.uploadFile, tenant.admin, {
      filename: 'empty.txt',
      contentType: 'text/plain',
      data: Buffer.alloc(0),
    });
    expect(empty.json().code).toBe('EMPTY_FILE');
    const wrongField = await upload(ATTACHMENT_PATHS.uploadFile, tenant.admin, {
      field: 'attachment',
      filename: 'a.txt',
      contentType: 'text/plain',
      data: Buffer.from('a'),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Send the file in the multipart field "file".');
    const json = await t.app.inject({
      method: 'POST',
      url: ATTACHMENT_PATHS.uploadFile,
      headers: tenant.admin,
      payload: { file: 'abc' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('INVALID_PARAMETER');
    expect(await stored()).toEqual(before);
  });

  it('keeps files to their application: another tenant gets 404, nobody signed out gets in', async () => {
    const res = await upload(ATTACHMENT_PATHS.uploadImage, tenant.admin, {
      filename: 'secret.png',
      contentType: 'image/png',
      data: tinyPng([1, 2, 3]),
    });
    const key = res.json().key as string;
    const theirs = await t.app.inject({ method: 'GET', url: `/rest/ws/file/${key}`, headers: other.admin });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('secret');
    const theirUrl = await t.app.inject({
      method: 'GET',
      url: `${ATTACHMENT_PATHS.fileUrl}?key=${key}`,
      headers: other.admin,
    });
    expect(theirUrl.statusCode).toBe(404);
    // Their token with our application key is refused outright.
    const mixed = await t.app.inject({
      method: 'GET',
      url: `/rest/ws/file/${key}`,
      headers: { ...other.admin, 'application-key': tenant.applicationId },
    });
    expect(mixed.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/rest/ws/file/${key}` });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/rest/ws/file/00000000-0000-4000-8000-000000000000',
      headers: tenant.admin,
    });
    expect(unknown.statusCode).toBe(404);
    const notAKey = await t.app.inject({
      method: 'GET',
      url: '/rest/ws/file/..%2F..%2Fetc',
      headers: tenant.admin,
    });
    expect(notAKey.statusCode).toBe(404);
    const upAnonymous = await upload(
      ATTACHMENT_PATHS.uploadImage,
      {},
      {
        filename: 'a.png',
        contentType: 'image/png',
        data: tinyPng(),
      },
    );
    expect(upAnonymous.statusCode).toBe(401);
  });

  it('lets an end user of the application fetch its files and upload their own', async () => {
    const png = tinyPng([9, 9, 9]);
    const res = await upload(ATTACHMENT_PATHS.uploadImage, tenant.admin, {
      filename: 'for-visitor.png',
      contentType: 'image/png',
      data: png,
    });
    const visitor = await newVisitor(t, tenant);
    const got = await t.app.inject({
      method: 'GET',
      url: `/rest/ws/file/${res.json().key}`,
      headers: visitor.headers,
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(png)).toBe(true);

    const mine = await upload(ATTACHMENT_PATHS.uploadFile, visitor.headers, {
      filename: 'order.txt',
      contentType: 'text/plain; charset=utf-8',
      data: Buffer.from('order #42'),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().contentType).toBe('text/plain');
    const agentSees = await t.app.inject({
      method: 'GET',
      url: `/rest/ws/file/${mine.json().key}`,
      headers: tenant.admin,
    });
    expect(agentSees.body).toBe('order #42');
    // An end user of another application cannot.
    const stranger = await newVisitor(t, other);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/rest/ws/file/${mine.json().key}`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(404);
  });
});
