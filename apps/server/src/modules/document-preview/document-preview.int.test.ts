import { DOCUMENT_PREVIEW_PATHS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { ATTACHMENT_PATHS } from '../attachments/routes.js';
import { multipart } from '../attachments/test-harness.js';

describe.each(testDatabaseKinds())('document preview links on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2, dataDir: true });
  const [tenant, other] = tenants;
  const bearer = (headers: Record<string, string>) => ({
    authorization: `Bearer ${headers['x-authorization']}`,
  });

  async function uploadText(headers: Record<string, string>) {
    const body = multipart([
      { filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('hello preview') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: ATTACHMENT_PATHS.uploadFile,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().key as string;
  }
  const share = (headers: Record<string, string>, key: string) =>
    t.app.inject({
      method: 'POST',
      url: DOCUMENT_PREVIEW_PATHS.share,
      headers: bearer(headers),
      payload: { key },
    });
  const previewOf = (pageUrl: string) => {
    const search = new URL(pageUrl).search;
    return t.app.inject({ method: 'GET', url: `${DOCUMENT_PREVIEW_PATHS.preview}${search}` });
  };

  it('shares a file by a signed /document-preview link that shows its facts and serves its bytes', async () => {
    const key = await uploadText(tenant.admin);
    const shared = await share(tenant.admin, key);
    expect(shared.statusCode).toBe(200);
    const { url, expiresAt } = shared.json().data as { url: string; expiresAt: number };
    expect(new URL(url).pathname).toBe('/document-preview');
    expect(expiresAt).toBeGreaterThan(Date.now());

    const preview = await previewOf(url);
    expect(preview.statusCode).toBe(200);
    const data = preview.json().data as { name: string; contentType: string; size: number; fileUrl: string };
    expect(data).toMatchObject({ name: 'notes.txt', contentType: 'text/plain', size: 13 });
    const file = await t.app.inject({
      method: 'GET',
      url: new URL(data.fileUrl).pathname + new URL(data.fileUrl).search,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('hello preview');
  });

  it('refuses a tampered link, a foreign file and anonymous sharing; never a 500', async () => {
    const key = await uploadText(tenant.admin);
    const { url } = (await share(tenant.admin, key)).json().data as { url: string };
    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(tampered.searchParams.get('expires')) + 1000));
    expect((await previewOf(tampered.href)).statusCode).toBe(404);
    const otherApp = new URL(url);
    otherApp.searchParams.set('applicationId', other.applicationId);
    expect((await previewOf(otherApp.href)).statusCode).toBe(404);
    expect((await previewOf('http://x/document-preview?key=nope')).statusCode).toBe(400);

    expect((await share(other.admin, key)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: DOCUMENT_PREVIEW_PATHS.share,
      payload: { key },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
