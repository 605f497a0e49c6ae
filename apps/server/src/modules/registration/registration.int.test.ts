import { ACCOUNT_PATHS, REGISTRATION_PATHS } from '@convo/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { setApplicationEncryption } from '../../http/encryption-repository.js';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

interface Tenant {
  applicationId: string;
  applicationKey: string;
  ownerEmail: string;
  ownerPassword: string;
  ownerToken: string;
}

let userCounter = 0;
const newUserId = (prefix = 'visitor') => `${prefix}-${Date.now().toString(36)}-${++userCounter}`;

describe.each(testDatabaseKinds())('POST /rest/ws/register/client and look-ups on %s', (kind) => {
  const { t } = useTestApp(kind);
  let a: Tenant;
  let b: Tenant;

  async function signUp(): Promise<Tenant> {
    const body = newSignup();
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    return {
      applicationId: data.applicationId,
      applicationKey: data.application.key,
      ownerEmail: body.email,
      ownerPassword: body.password,
      ownerToken: data.token,
    };
  }

  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: REGISTRATION_PATHS.registerClient, payload });

  /** Headers the web widget sends after login (reference §1). */
  const messagingHeaders = (token: string, applicationKey: string) => ({
    'x-authorization': token,
    'application-key': applicationKey,
  });

  beforeAll(async () => {
    a = await signUp();
    b = await signUp();
  });

  it('registers a new user: REGISTERED.WITHOUTREGISTRATIONID with userKey, deviceKey and authToken', async () => {
    const userId = newUserId();
    const res = await register({
      userId,
      applicationId: a.applicationId,
      password: 'visitor-pass',
      displayName: 'Vera Visitor',
      deviceType: 0,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: 'REGISTERED.WITHOUTREGISTRATIONID',
      userId,
      displayName: 'Vera Visitor',
      newUser: true,
      deactivate: false,
      totalUnreadCount: 0,
    });
    expect(body.userKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.deviceKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.authToken).toEqual(expect.any(String));
    expect(body.authToken.length).toBeGreaterThanOrEqual(32);
    expect(typeof body.currentTimeStamp).toBe('number');
    expect(Math.abs(body.currentTimeStamp - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(body)).not.toContain('visitor-pass');
  });

  it('tells the client to encrypt, with its user key, when the application has encryption on', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.registerClient,
      payload: { userId: `enc-off-${Date.now()}`, applicationId: a.applicationId, authenticationTypeId: 0 },
    });
    expect(plain.json()).toMatchObject({ enableEncryption: false, encryptionType: 0, encryptionKey: null });
    await setApplicationEncryption(t.database.db, a.applicationId, { enabled: true, type: 5 });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: REGISTRATION_PATHS.registerClient,
        payload: { userId: `enc-on-${Date.now()}`, applicationId: a.applicationId, authenticationTypeId: 0 },
      });
      const body = res.json();
      expect(body).toMatchObject({ enableEncryption: true, encryptionType: 5 });
      expect(body.encryptionKey).toBe(body.userKey);
    } finally {
      await setApplicationEncryption(t.database.db, a.applicationId, { enabled: false, type: 0 });
    }
  });

  it('answers REGISTERED when a push registrationId comes with the new user', async () => {
    const res = await register({
      userId: newUserId(),
      applicationId: a.applicationId,
      password: 'visitor-pass',
      registrationId: 'gcm-registration-id',
      deviceType: '1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('REGISTERED');
    expect(res.json().authToken).toEqual(expect.any(String));
  });

  it('signs the same user in again with the right password: UPDATED, same userKey, a new device', async () => {
    const userId = newUserId();
    const first = (await register({ userId, applicationId: a.applicationId, password: 'pw-1234' })).json();
    const again = await register({ userId, applicationId: a.applicationId, password: 'pw-1234' });
    expect(again.statusCode).toBe(200);
    const body = again.json();
    expect(body.message).toBe('UPDATED');
    expect(body.newUser).toBe(false);
    expect(body.userKey).toBe(first.userKey);
    expect(body.deviceKey).not.toBe(first.deviceKey);
    expect(body.authToken).not.toBe(first.authToken);
  });

  it('answers a wrong password with the PASSWORD_INVALID body of the reference and no token', async () => {
    const userId = newUserId();
    await register({ userId, applicationId: a.applicationId, password: 'right-pass' });
    for (const password of ['wrong-pass', undefined]) {
      const res = await register({ userId, applicationId: a.applicationId, password });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        message: 'PASSWORD_INVALID',
        deactivate: false,
        totalUnreadCount: 0,
        metadata: {},
        newUser: false,
      });
      expect(typeof body.currentTimeStamp).toBe('number');
      expect(body).not.toHaveProperty('authToken');
      expect(body).not.toHaveProperty('userKey');
      expect(body).not.toHaveProperty('deviceKey');
    }
  });

  it('answers an unknown applicationId with INVALID_APPLICATIONID and creates nobody', async () => {
    const userId = newUserId();
    const res = await register({ userId, applicationId: 'no-such-application', password: 'pw' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'INVALID_APPLICATIONID',
      code: 'INVALID_APPLICATIONID',
      currentTimeStamp: expect.any(Number),
    });
    const rows = await t.database.relational.query.users.findMany({
      where: (u, { eq }) => eq(u.userId, userId),
    });
    expect(rows).toEqual([]);
  });

  it('refuses a request without userId (or applicationId) with 400 INVALID_PARAMETER', async () => {
    for (const payload of [
      { applicationId: a.applicationId, password: 'pw' },
      { userId: '   ', applicationId: a.applicationId },
      { userId: newUserId() },
    ]) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMETER');
      expect(res.json().details?.length).toBeGreaterThan(0);
    }
  });

  it('asks for a password when a new user registers with authenticationTypeId 1 and none', async () => {
    const res = await register({
      userId: newUserId(),
      applicationId: a.applicationId,
      authenticationTypeId: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('PASSWORD_REQUIRED');
    expect(res.json()).not.toHaveProperty('authToken');
  });

  it("registers the reference's example body (no password, no authenticationTypeId) without a password", async () => {
    const res = await register({
      userId: newUserId(),
      deviceType: '4',
      applicationId: a.applicationId,
      registrationId: 'put-gcm-registration-id-here',
      pushNotificationFormat: '0',
      contactNumber: '+911234567890',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('REGISTERED');
    expect(res.json().authToken).toEqual(expect.any(String));
  });

  it('a password without authenticationTypeId is verified (1), as before', async () => {
    const userId = newUserId();
    const first = await register({ userId, applicationId: a.applicationId, password: 'S3cret-pass' });
    expect(first.json().message).toBe('REGISTERED.WITHOUTREGISTRATIONID');
    const wrong = await register({ userId, applicationId: a.applicationId, password: 'wrong-pass' });
    expect(wrong.json().message).toBe('PASSWORD_INVALID');
  });

  it('needs no password with authenticationTypeId 0 (the customer server vouches for the user)', async () => {
    const userId = newUserId();
    const first = await register({ userId, applicationId: a.applicationId, authenticationTypeId: 0 });
    expect(first.json().message).toBe('REGISTERED.WITHOUTREGISTRATIONID');
    expect(first.json().authToken).toEqual(expect.any(String));
    const again = await register({ userId, applicationId: a.applicationId, authenticationTypeId: '0' });
    expect(again.json().message).toBe('UPDATED');
    expect(again.json().userKey).toBe(first.json().userKey);
  });

  it('never signs in a user who has a password without it, whatever authenticationTypeId says', async () => {
    const userId = newUserId();
    await register({ userId, applicationId: a.applicationId, password: 'only-i-know-this' });
    const res = await register({ userId, applicationId: a.applicationId, authenticationTypeId: 0 });
    expect(res.json()).not.toHaveProperty('authToken');
    expect(res.json().message).toBe('PASSWORD_INVALID');
  });

  it('never hands out a dashboard member’s session through register/client without the password', async () => {
    // Anyone can read an applicationId from the widget snippet; the owner's userId is their e-mail.
    const res = await register({
      userId: a.ownerEmail,
      applicationId: a.applicationId,
      authenticationTypeId: 0,
    });
    const token = res.json().authToken as string | undefined;
    if (token) {
      const me = await t.app.inject({
        method: 'GET',
        url: ACCOUNT_PATHS.me,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode, 'a password-less register/client token opened the owner’s product API').not.toBe(
        200,
      );
    }
    expect(token).toBeUndefined();
  });

  it('signs a dashboard member in to messaging with their own password', async () => {
    const wrong = await register({
      userId: a.ownerEmail,
      applicationId: a.applicationId,
      password: 'Nope12345',
    });
    expect(wrong.json().message).toBe('PASSWORD_INVALID');
    const right = await register({
      userId: a.ownerEmail,
      applicationId: a.applicationId,
      password: a.ownerPassword,
    });
    expect(right.json()).toMatchObject({ message: 'UPDATED', userId: a.ownerEmail, newUser: false });
  });

  it('serves application/get and user/data to the authToken with the envelope of the platform', async () => {
    const userId = newUserId();
    const email = `${userId}@visitors.example.com`;
    const reg = (
      await register({ userId, applicationId: a.applicationId, password: 'pw-1234', email })
    ).json();
    const headers = messagingHeaders(reg.authToken, a.applicationId);

    const app = await t.app.inject({
      method: 'GET',
      url: `${REGISTRATION_PATHS.applicationGet}?applicationId=${a.applicationId}`,
      headers,
    });
    expect(app.statusCode).toBe(200);
    expect(app.json()).toEqual({
      status: 'success',
      generatedAt: expect.any(Number),
      response: {
        applicationId: a.applicationId,
        key: a.applicationKey,
        name: expect.any(String),
        createdAtTime: expect.any(Number),
        pricingPackage: expect.any(Number),
        encryptionEnabled: false,
      },
    });

    const user = await t.app.inject({
      method: 'GET',
      url: `${REGISTRATION_PATHS.userData}?email=${encodeURIComponent(email)}&applicationId=${a.applicationId}`,
      headers,
    });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({
      status: 'success',
      generatedAt: expect.any(Number),
      response: { userId, userName: userId, email, roleType: null, roleName: 'USER', status: 1 },
    });
    expect(user.body).not.toMatch(/password|argon2/i);

    // The application key works as Application-Key as well as the id.
    const byKey = await t.app.inject({
      method: 'GET',
      url: `${REGISTRATION_PATHS.applicationGet}?applicationId=${a.applicationId}`,
      headers: messagingHeaders(reg.authToken, a.applicationKey),
    });
    expect(byKey.statusCode).toBe(200);
  });

  it('finds a user by the e-mail address as it was registered, whatever its case', async () => {
    const userId = newUserId();
    const email = `Mixed.${userId}@Visitors.Example.com`;
    const reg = (
      await register({ userId, applicationId: a.applicationId, password: 'pw-1234', email })
    ).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `${REGISTRATION_PATHS.userData}?email=${encodeURIComponent(email)}&applicationId=${a.applicationId}`,
      headers: messagingHeaders(reg.authToken, a.applicationId),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.userId).toBe(userId);
  });

  it('answers 404 without any of B’s data when A’s token asks for application B', async () => {
    const reg = (
      await register({ userId: newUserId(), applicationId: a.applicationId, password: 'pw' })
    ).json();
    const headers = { 'x-authorization': reg.authToken as string };
    const app = await t.app.inject({
      method: 'GET',
      url: `${REGISTRATION_PATHS.applicationGet}?applicationId=${b.applicationId}`,
      headers,
    });
    expect(app.statusCode).toBe(404);
    expect(app.json().code).toBe('NOT_FOUND');
    expect(app.body).not.toContain(b.applicationKey);

    const user = await t.app.inject({
      method: 'GET',
      url: `${REGISTRATION_PATHS.userData}?email=${encodeURIComponent(b.ownerEmail)}&applicationId=${b.applicationId}`,
      headers,
    });
    expect(user.statusCode).toBe(404);
    expect(user.body).not.toContain(b.ownerEmail);
    expect(user.body).not.toContain(b.applicationKey);

    // The same with a member's token of A.
    const owner = await t.app.inject({
      method: 'GET',
      url: `${REGISTRATION_PATHS.applicationGet}?applicationId=${b.applicationId}`,
      headers: { 'x-authorization': a.ownerToken },
    });
    expect(owner.statusCode).toBe(404);
    expect(owner.body).not.toContain(b.applicationKey);
  });

  it('refuses with 403 a token of A sent with the Application-Key of B', async () => {
    const reg = (
      await register({ userId: newUserId(), applicationId: a.applicationId, password: 'pw' })
    ).json();
    for (const appKey of [b.applicationId, b.applicationKey]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${REGISTRATION_PATHS.applicationGet}?applicationId=${b.applicationId}`,
        headers: messagingHeaders(reg.authToken, appKey),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect(res.body).not.toContain(b.applicationKey);
    }
  });

  it('keeps end users out of the product API: their token gets 403 on /api/users/me', async () => {
    const reg = (
      await register({ userId: newUserId(), applicationId: a.applicationId, password: 'pw' })
    ).json();
    for (const headers of [
      { authorization: `Bearer ${reg.authToken}` },
      { 'x-authorization': reg.authToken as string },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('answers 401 without a token, or with an unknown one', async () => {
    const url = `${REGISTRATION_PATHS.applicationGet}?applicationId=${a.applicationId}`;
    const none = await t.app.inject({ method: 'GET', url, headers: { 'application-key': a.applicationId } });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHORIZED');
    expect(none.body).not.toContain(a.applicationKey);
    const unknown = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'x-authorization': 'made-up-token' },
    });
    expect(unknown.statusCode).toBe(401);
    const userData = await t.app.inject({
      method: 'GET',
      url: `${REGISTRATION_PATHS.userData}?email=${encodeURIComponent(a.ownerEmail)}&applicationId=${a.applicationId}`,
    });
    expect(userData.statusCode).toBe(401);
  });
});
