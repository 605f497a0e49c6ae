import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  INSTALL_KIT_PATHS,
  NATIVE_CALLS,
  SUPPORT_CONVERSATION_TYPE,
  WORDPRESS_PLUGIN_SLUG,
} from '@convo/api';
import { isAllowed, ROLE_TYPES } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { signedInMember } from '../../testing/members.js';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { pluginPhp } from './wordpress-plugin.js';

/** The files of a zip, by name. */
async function unzip(buffer: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  const files = new Map<string, string>();
  try {
    for await (const entry of zip.eachEntry()) {
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
    }
  } finally {
    zip.close();
  }
  return files;
}

const hasPhp = spawnSync('php', ['--version']).status === 0;

describe.each(testDatabaseKinds())('install kits (/settings/install-cms, /install-mobile) on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;
  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const download = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: INSTALL_KIT_PATHS.wordpressPlugin,
      headers: { ...headers, host: 'chat.example.com', 'x-forwarded-proto': 'https' },
    });

  it("builds a WordPress plugin zip holding the caller's application id and this server's address", async () => {
    for (const tenant of [a, b]) {
      const res = await download(bearer(tenant));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${WORDPRESS_PLUGIN_SLUG}.zip"`);
      const files = await unzip(res.rawPayload);
      expect([...files.keys()].sort()).toEqual([
        `${WORDPRESS_PLUGIN_SLUG}/${WORDPRESS_PLUGIN_SLUG}.php`,
        `${WORDPRESS_PLUGIN_SLUG}/readme.txt`,
      ]);
      const main = files.get(`${WORDPRESS_PLUGIN_SLUG}/${WORDPRESS_PLUGIN_SLUG}.php`) ?? '';
      expect(main).toContain(`define('CONVO_CHAT_DEFAULT_APP_ID', '${tenant.applicationId}');`);
      const other = tenant === a ? b : a;
      expect(main).not.toContain(other.applicationId);
      expect(main).toMatch(/Plugin Name: Convo Chat/);
    }
  });

  it('lets only the roles with the install pages download it', async () => {
    for (const role of ROLE_TYPES) {
      const member = await signedInMember(t.database, a.applicationId, role);
      const res = await download(member.headers);
      expect(res.statusCode, `role ${role}`).toBe(isAllowed('settings.install', role) ? 200 : 403);
    }
    expect((await download({})).statusCode).toBe(401);
  });

  it.runIf(hasPhp || process.env.CI === 'true')('writes PHP that parses, whatever the id holds', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'convo-wp-'));
    try {
      const file = path.join(dir, 'plugin.php');
      writeFileSync(file, pluginPhp({ origin: "https://chat.example.com/o'k\\", appId: "a'b\\c" }));
      expect(execFileSync('php', ['-l', file]).toString()).toContain('No syntax errors');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("follows the native samples' calls: register, a support conversation, a message the inbox shows", async () => {
    const userId = `install-test-android-${Math.random().toString(36).slice(2, 8)}`;
    const app = { 'application-key': a.applicationId, 'content-type': 'application/json' };
    const registered = await t.app.inject({
      method: 'POST',
      url: NATIVE_CALLS.register,
      headers: app,
      payload: {
        applicationId: a.applicationId,
        userId,
        password: 'secret-of-the-device',
        authenticationTypeId: 1,
        deviceType: 1,
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const { authToken, userKey } = registered.json() as { authToken: string; userKey: string };
    expect(userKey).toEqual(expect.any(String));
    const headers = { ...app, 'x-authorization': authToken };
    const created = await t.app.inject({
      method: 'POST',
      url: NATIVE_CALLS.createConversation,
      headers,
      payload: { groupName: 'Install test', type: SUPPORT_CONVERSATION_TYPE },
    });
    expect(created.statusCode, created.body).toBe(200);
    const groupId = (created.json() as { response: { id: number } }).response.id;
    const sent = await t.app.inject({
      method: 'POST',
      url: NATIVE_CALLS.send,
      headers,
      payload: { groupId, message: 'Test event from the Android install page' },
    });
    expect(sent.statusCode, sent.body).toBe(200);

    // The admin of that application sees it; the other application does not.
    const list = (tenant: Tenant) =>
      t.app.inject({
        method: 'GET',
        url: `/rest/ws/message/list?groupId=${groupId}`,
        headers: tenant.admin,
      });
    const seen = await list(a);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.body).toContain('Test event from the Android install page');
    expect((await list(b)).body).not.toContain('Test event from the Android install page');
  });
});
