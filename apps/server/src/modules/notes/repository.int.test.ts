import { describe, expect, it } from 'vitest';
import { messagingMember } from '../../testing/members.js';
import { newVisitorConversation } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { findNote, insertNote } from './repository.js';

// The repository is the first tenant filter: whatever the service checks, a note id alone
// must never read another application's note.
describe.each(testDatabaseKinds())('notes repository on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [owner, stranger] = tenants;

  it("findNote answers a note to its own application only, never to another's", async () => {
    const { groupId } = await newVisitorConversation(t, owner, 'Private note');
    const author = await messagingMember(t.database, owner.applicationId, '1');
    const note = await insertNote(t.database.db, {
      applicationId: owner.applicationId,
      conversationId: groupId,
      authorId: author.id,
      body: 'only for the owner',
    });

    const own = await findNote(t.database.db, owner.applicationId, note.id);
    expect(own).toMatchObject({ id: note.id, conversationId: groupId, body: 'only for the owner' });
    expect(await findNote(t.database.db, stranger.applicationId, note.id)).toBeUndefined();
  });
});
