import { groupEventsPath, groupNotesPath, notePath } from '@convo/api';
import { NOTES_PAGE_SIZE } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { messagingMember } from '../../testing/members.js';
import { newVisitorConversation, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { findUserInApplication } from '../accounts/repository.js';
import { eventsAfter } from '../realtime/event-repository.js';
import { AUDIENCE_MEMBERS, audienceUser } from '../realtime/event-types.js';

type Headers = Record<string, string>;

describe.each(testDatabaseKinds())('conversation notes on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [tenant, other] = tenants;

  const visitorConversation = (of: Tenant, groupName = 'Order 1138 went missing') =>
    newVisitorConversation(t, of, groupName);

  const addNote = (headers: Headers, groupId: number | string, body: unknown) =>
    t.app.inject({ method: 'POST', url: groupNotesPath(groupId), headers, payload: { body } });
  const listNotes = (headers: Headers, groupId: number | string, query = '') =>
    t.app.inject({ method: 'GET', url: `${groupNotesPath(groupId)}${query}`, headers });
  const editNote = (headers: Headers, noteId: string, body: unknown) =>
    t.app.inject({ method: 'PUT', url: notePath(noteId), headers, payload: { body } });
  const deleteNote = (headers: Headers, noteId: string) =>
    t.app.inject({ method: 'DELETE', url: notePath(noteId), headers });

  it('pages notes by 10, newest first, with the total', async () => {
    const { groupId } = await visitorConversation(tenant);
    for (let i = 0; i < 25; i += 1) {
      const res = await addNote(tenant.admin, groupId, `note ${i}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const pages = [];
    for (const offset of [0, 10, 20]) {
      const res = await listNotes(tenant.admin, groupId, offset === 0 ? '' : `?offset=${offset}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.status).toBe('success');
      expect(body.response).toMatchObject({ limit: NOTES_PAGE_SIZE, offset, total: 25 });
      pages.push(body.response.data as { id: string; body: string; groupId: number }[]);
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    const bodies = pages.flat().map((n) => n.body);
    expect(bodies).toEqual(Array.from({ length: 25 }, (_, i) => `note ${24 - i}`));
    expect(new Set(pages.flat().map((n) => n.id)).size).toBe(25);
    const first = pages[0]![0]!;
    expect(first).toMatchObject({ groupId, author: { userId: tenant.adminUserName } });
    const custom = await listNotes(tenant.admin, groupId, '?limit=3&offset=22');
    expect(custom.json().response.data.map((n: { body: string }) => n.body)).toEqual([
      'note 2',
      'note 1',
      'note 0',
    ]);
  });

  it('lets only the author or an admin change or delete a note', async () => {
    const { groupId } = await visitorConversation(tenant);
    const [ana, ben, lea] = await Promise.all([
      messagingMember(t.database, tenant.applicationId, '2'),
      messagingMember(t.database, tenant.applicationId, '2'),
      messagingMember(t.database, tenant.applicationId, '1'),
    ]);
    const anaNote = (await addNote(ana.headers, groupId, 'Ana: customer is a VIP')).json().response;
    expect(anaNote.author.userId).toBe(ana.userId);

    for (const res of [
      await editNote(ben.headers, anaNote.id, 'Ben was here'),
      await deleteNote(ben.headers, anaNote.id),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }

    const byAuthor = await editNote(ana.headers, anaNote.id, 'Ana: customer is a VIP (gold)');
    expect(byAuthor.statusCode, byAuthor.body).toBe(200);
    expect(byAuthor.json().response).toMatchObject({
      id: anaNote.id,
      body: 'Ana: customer is a VIP (gold)',
      author: { userId: ana.userId },
    });
    expect(byAuthor.json().response.updatedAtTime).toBeGreaterThanOrEqual(anaNote.createdAtTime);

    const byAdmin = await editNote(lea.headers, anaNote.id, 'Edited by an admin');
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    // The author stays the author.
    expect(byAdmin.json().response.author.userId).toBe(ana.userId);
    const bySuperAdmin = await editNote(tenant.admin, anaNote.id, 'Edited by the owner');
    expect(bySuperAdmin.statusCode, bySuperAdmin.body).toBe(200);

    const ownerNote = (await addNote(tenant.admin, groupId, 'Owner only')).json().response;
    expect((await editNote(ana.headers, ownerNote.id, 'Ana edits the owner')).statusCode).toBe(403);
    expect((await deleteNote(ana.headers, ownerNote.id)).statusCode).toBe(403);

    const benNote = (await addNote(ben.headers, groupId, 'Ben: call back tomorrow')).json().response;
    const ownDelete = await deleteNote(ben.headers, benNote.id);
    expect(ownDelete.statusCode, ownDelete.body).toBe(200);
    expect(ownDelete.json().response).toEqual({ id: benNote.id, deleted: true });
    expect((await deleteNote(lea.headers, anaNote.id)).statusCode).toBe(200);
    expect((await editNote(ana.headers, anaNote.id, 'again')).statusCode).toBe(404);

    const left = (await listNotes(ana.headers, groupId)).json().response;
    expect(left.total).toBe(1);
    expect(left.data.map((n: { body: string }) => n.body)).toEqual(['Owner only']);
  });

  it('keeps notes from end users: refused, never in their events or their timeline', async () => {
    const { visitor, groupId } = await visitorConversation(tenant);
    const note = (await addNote(tenant.admin, groupId, 'Internal: refund approved')).json().response;
    await editNote(tenant.admin, note.id, 'Internal: refund approved twice');
    const doomed = (await addNote(tenant.admin, groupId, 'Internal: to be removed')).json().response;
    await deleteNote(tenant.admin, doomed.id);

    for (const res of [
      await listNotes(visitor.headers, groupId),
      await addNote(visitor.headers, groupId, 'Customer writing a note'),
      await editNote(visitor.headers, note.id, 'Customer editing'),
      await deleteNote(visitor.headers, note.id),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).not.toContain('refund');
    }

    const customer = await findUserInApplication(t.database.db, tenant.applicationId, visitor.userId);
    const customerEvents = await eventsAfter(
      t.database.db,
      tenant.applicationId,
      0,
      [audienceUser(customer!.id)],
      10_000,
    );
    expect(customerEvents.filter((e) => e.type.startsWith('note.'))).toHaveLength(0);
    const memberEvents = (
      await eventsAfter(t.database.db, tenant.applicationId, 0, [AUDIENCE_MEMBERS], 10_000)
    ).filter((e) => e.conversationId === groupId && e.type.startsWith('note.'));
    expect(memberEvents.map((e) => e.type)).toEqual([
      'note.added',
      'note.updated',
      'note.added',
      'note.deleted',
    ]);
    expect(memberEvents[1]!.data).toMatchObject({ groupId, note: { id: note.id } });
    expect(memberEvents[3]!.data).toEqual({ groupId, noteId: doomed.id });

    const adminTimeline = (
      await t.app.inject({ method: 'GET', url: groupEventsPath(groupId), headers: tenant.admin })
    )
      .json()
      .response.data.filter((e: { type: string }) => e.type === 'note');
    expect(adminTimeline.map((e: { data: { action: string } }) => e.data.action)).toEqual([
      'added',
      'updated',
      'added',
      'deleted',
    ]);
    expect(adminTimeline[0].actor.userId).toBe(tenant.adminUserName);
    const customerTimeline = await t.app.inject({
      method: 'GET',
      url: groupEventsPath(groupId),
      headers: visitor.headers,
    });
    expect(customerTimeline.statusCode).toBe(200);
    expect(customerTimeline.json().response.data.some((e: { type: string }) => e.type === 'note')).toBe(
      false,
    );
    // The note itself is untouched by the refused calls.
    const kept = (await listNotes(tenant.admin, groupId)).json().response.data;
    expect(kept.map((n: { body: string }) => n.body)).toEqual(['Internal: refund approved twice']);
  });

  it('refuses bad input clearly and writes nothing', async () => {
    const { groupId } = await visitorConversation(tenant);
    const cases = [
      { res: await addNote(tenant.admin, groupId, ''), status: 400 },
      { res: await addNote(tenant.admin, groupId, '   '), status: 400 },
      { res: await addNote(tenant.admin, groupId, 'x'.repeat(5001)), status: 400 },
      { res: await addNote(tenant.admin, groupId, 42), status: 400 },
      {
        res: await t.app.inject({
          method: 'POST',
          url: groupNotesPath(groupId),
          headers: tenant.admin,
          payload: {},
        }),
        status: 400,
      },
      { res: await addNote(tenant.admin, 'abc', 'hello'), status: 400 },
      { res: await listNotes(tenant.admin, 'undefined'), status: 400 },
      { res: await listNotes(tenant.admin, groupId, '?limit=0'), status: 400 },
      { res: await listNotes(tenant.admin, groupId, '?offset=-1'), status: 400 },
      { res: await editNote(tenant.admin, 'not-a-note', 'hello'), status: 400 },
      { res: await deleteNote(tenant.admin, '1234'), status: 400 },
      { res: await addNote(tenant.admin, 999_999_999, 'hello'), status: 404 },
      { res: await editNote(tenant.admin, '00000000-0000-4000-8000-000000000000', 'hello'), status: 404 },
      { res: await deleteNote(tenant.admin, '00000000-0000-4000-8000-000000000000'), status: 404 },
    ];
    for (const c of cases) {
      expect(c.res.statusCode, c.res.body).toBe(c.status);
      expect(typeof c.res.json().message).toBe('string');
    }
    expect((await addNote(tenant.admin, 'abc', 'hello')).json().message).toBe('GroupId id is required');
    const longest = await addNote(tenant.admin, groupId, 'y'.repeat(5000));
    expect(longest.statusCode, longest.body).toBe(200);
    const after = (await listNotes(tenant.admin, groupId)).json().response;
    expect(after.total).toBe(1);
  });

  it("never shows or touches another tenant's notes", async () => {
    const { groupId } = await visitorConversation(tenant, 'Confidential escalation');
    const note = (await addNote(tenant.admin, groupId, 'Secret plan for this customer')).json().response;
    const otherAgent = await messagingMember(t.database, other.applicationId, '2');
    for (const headers of [other.admin, otherAgent.headers]) {
      const requests = [
        await listNotes(headers, groupId),
        await addNote(headers, groupId, 'intrusion'),
        await editNote(headers, note.id, 'intrusion'),
        await deleteNote(headers, note.id),
      ];
      for (const res of requests) {
        expect([403, 404]).toContain(res.statusCode);
        expect(res.body).not.toContain('Secret plan');
        expect(res.body).not.toContain('Confidential');
      }
    }
    // Another tenant's token with our application key is refused before anything.
    const mixed = await listNotes({ ...other.admin, 'application-key': tenant.applicationId }, groupId);
    expect([401, 403, 404]).toContain(mixed.statusCode);
    const kept = (await listNotes(tenant.admin, groupId)).json().response;
    expect(kept.total).toBe(1);
    expect(kept.data[0].body).toBe('Secret plan for this customer');
  });
});
