import { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import type { Job, JobHandler } from '../../platform/jobs/job-queue.js';
import { PermanentJobError } from '../../platform/jobs/job-queue.js';
import * as repo from './repository.js';

// Store-and-forward of error reports to a Sentry-compatible ingest (SENTRY_DSN): the report is
// stored first, a job forwards it; a down ingest is retried by the queue, a refusal fails the job.

export const ERROR_REPORT_FORWARD_QUEUE = 'error-report.forward';

export interface SentryTarget {
  storeUrl: string;
  auth: string;
}

/** `https://<key>@host[/prefix]/<project>` → the store endpoint and its auth header. */
export function sentryTarget(dsn: string): SentryTarget | null {
  try {
    const url = new URL(dsn);
    const parts = url.pathname.split('/').filter(Boolean);
    const project = parts.pop();
    if (!url.username || !project) return null;
    const prefix = parts.length > 0 ? `/${parts.join('/')}` : '';
    return {
      storeUrl: `${url.protocol}//${url.host}${prefix}/api/${project}/store/`,
      auth: `Sentry sentry_version=7, sentry_client=convo/1.0, sentry_key=${decodeURIComponent(url.username)}`,
    };
  } catch {
    return null;
  }
}

export function forwardHandler(deps: { db: Db; dsn: string; timeoutMs?: number }): JobHandler {
  const target = sentryTarget(deps.dsn);
  return async (job: Job) => {
    if (target === null) throw new PermanentJobError('SENTRY_DSN is not a valid DSN');
    const eventId = z.uuid().safeParse(job.payload.eventId);
    const row =
      job.applicationId && eventId.success
        ? await repo.findReport(deps.db, job.applicationId, eventId.data)
        : undefined;
    if (!row) return;
    const event = {
      event_id: row.eventId.replaceAll('-', ''),
      timestamp: row.createdAt.toISOString(),
      platform: 'javascript',
      level: 'error',
      logger: 'dashboard',
      release: row.release,
      tags: { kind: row.kind, applicationId: row.applicationId },
      user: row.userId ? { id: row.userId } : undefined,
      request: { url: row.url },
      exception: { values: [{ type: row.name, value: row.message }] },
      extra: { stack: row.stack },
    };
    const res = await fetch(target.storeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sentry-auth': target.auth },
      body: JSON.stringify(event),
      signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
    });
    if (res.ok) return;
    // 429 and 5xx may pass; any other refusal will not.
    if (res.status === 429 || res.status >= 500) throw new Error(`Sentry answered ${res.status}`);
    throw new PermanentJobError(`Sentry refused the event (${res.status})`);
  };
}
