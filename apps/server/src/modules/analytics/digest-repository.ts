import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../platform/db/database.js';

// The weekly digest's reads: who opted in, and whether the next digest is already planned.

export interface DigestRecipient {
  application_id: string;
  email: string;
  /** Their profile's time zone and dashboard language, when chosen. */
  time_zone: string | null;
  language: string | null;
}

/** Active administrators (roles 0 and 1) with an address who chose the weekly digest. */
export async function digestRecipients(db: Db): Promise<DigestRecipient[]> {
  const result = await db.execute(sql`
    select u.application_id, u.email, mp.time_zone, mp.language from users u
    join notification_preferences p on p.user_id = u.id and p.application_id = u.application_id
    left join member_preferences mp on mp.user_id = u.id
    where u.role_type in ('0', '1') and u.status <> 3 and u.email like '%@%'
      and (p.notify_on ->> 'weeklyDigest') = 'true'
    order by u.application_id, u.email`);
  return rowsOf<DigestRecipient>(result);
}

/** Whether a digest job waits or runs (so starting several servers plans one). */
export async function digestPlanned(db: Db, queue: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from jobs where queue = ${queue} and status in ('pending', 'running') limit 1`,
  );
  return rowsOf(result).length > 0;
}
