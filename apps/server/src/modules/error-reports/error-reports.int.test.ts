import { randomUUID } from 'node:crypto';
import {
  ERROR_REPORT_LIMITS,
  ERROR_REPORT_PATHS,
  type ErrorReport,
  errorReportFeedbackPath,
} from '@convo/api';
import { RELEASE_VERSION } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { signedInMember } from '../../testing/members.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { ERROR_REPORT_RATE } from './routes.js';

let ipCounter = 0;
const nextIp = () => `192.0.2.${(ipCounter++ % 250) + 1}`;

describe.each(testDatabaseKinds())('error reports on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;

  const report = (overrides: Record<string, unknown> = {}) => ({
    eventId: randomUUID(),
    release: RELEASE_VERSION,
    name: 'TypeError',
    message: "Cannot read properties of undefined (reading 'x')",
    stack: 'TypeError: boom\n    at Page (/assets/page.js:1:1)',
    url: '/conversations',
    kind: 'error',
    ...overrides,
  });
  const send = (headers: Record<string, string>, payload: unknown, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: ERROR_REPORT_PATHS.reports,
      headers,
      payload: payload as object,
      remoteAddress: ip,
    });
  const list = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: ERROR_REPORT_PATHS.reports, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ErrorReport[];
  };

  it('stores a report once with its feedback, shown to the admins of that workspace only', async () => {
    const body = report({ message: '<img src=x onerror=alert(1)>' });
    expect((await send(a.admin, body)).statusCode).toBe(200);
    expect((await send(a.admin, body)).statusCode).toBe(200);
    const feedback = await t.app.inject({
      method: 'POST',
      url: errorReportFeedbackPath(body.eventId),
      headers: a.admin,
      payload: { comments: 'I clicked save and it broke', email: 'me@example.com' },
      remoteAddress: nextIp(),
    });
    expect(feedback.statusCode, feedback.body).toBe(200);
    const mine = (await list(a.admin)).filter((r) => r.eventId === body.eventId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      message: '<img src=x onerror=alert(1)>',
      release: RELEASE_VERSION,
      feedback: { comments: 'I clicked save and it broke', email: 'me@example.com' },
    });
    expect((await list(b.admin)).some((r) => r.eventId === body.eventId)).toBe(false);
    // Another workspace cannot attach feedback to it; a second feedback is refused too.
    for (const headers of [b.admin, a.admin]) {
      const again = await t.app.inject({
        method: 'POST',
        url: errorReportFeedbackPath(body.eventId),
        headers,
        payload: { comments: 'again' },
        remoteAddress: nextIp(),
      });
      expect(again.statusCode).toBe(404);
    }
  });

  it('agents report but do not read the list', async () => {
    const agent = await signedInMember(t.database, a.applicationId, '2');
    const headers = { authorization: `Bearer ${agent.token}` };
    expect((await send(headers, report())).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: ERROR_REPORT_PATHS.reports, headers })).statusCode).toBe(
      403,
    );
  });

  it('refuses oversized, malformed and anonymous reports', async () => {
    const tooLong = await send(a.admin, report({ message: 'x'.repeat(ERROR_REPORT_LIMITS.message + 1) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('INVALID_PARAMETER');
    const huge = await send(a.admin, report({ stack: 'y'.repeat(ERROR_REPORT_LIMITS.bodyBytes + 10) }));
    expect(huge.statusCode).toBe(413);
    expect((await send(a.admin, report({ eventId: 'not-a-uuid' }))).statusCode).toBe(400);
    expect((await send(a.admin, report({ extra: 1 }))).statusCode).toBe(400);
    expect((await send({}, report())).statusCode).toBe(401);
  });

  it('is rate-limited per address', async () => {
    const ip = '198.18.0.77';
    const codes: number[] = [];
    for (let i = 0; i <= ERROR_REPORT_RATE.max; i++)
      codes.push((await send(a.admin, report(), ip)).statusCode);
    expect(codes.slice(0, ERROR_REPORT_RATE.max).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
