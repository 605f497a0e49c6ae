import { describe, expect, it } from 'vitest';
import { AudienceIndex } from './audience-index.js';

const conn = (name: string, appId: string, ...audiences: string[]) => ({
  name,
  appId,
  audiences: new Set(audiences),
});
const names = (conns: Iterable<{ name: string }>) => [...conns].map((c) => c.name);

describe('AudienceIndex', () => {
  it('finds the connections of one application and audience, in the order they opened', () => {
    const index = new AudienceIndex<ReturnType<typeof conn>>();
    const agent1 = conn('agent1', 'A', 'members', 'user:1');
    const visitor = conn('visitor', 'A', 'user:9');
    const agent2 = conn('agent2', 'A', 'members', 'user:2');
    for (const c of [agent1, visitor, agent2]) index.add(c);
    expect(names(index.listening('A', 'members'))).toEqual(['agent1', 'agent2']);
    expect(names(index.listening('A', 'user:9'))).toEqual(['visitor']);
    expect(names(index.listening('A', 'user:5'))).toEqual([]);
    expect(names(index.listening('Z', 'members'))).toEqual([]);
  });

  it("never reaches another application's connections that share the audience's name", () => {
    const index = new AudienceIndex<ReturnType<typeof conn>>();
    // The same external ids in two applications: the same audience strings.
    index.add(conn('a-agent', 'A', 'members', 'user:1'));
    index.add(conn('b-agent', 'B', 'members', 'user:1'));
    index.add(conn('b-visitor', 'B', 'user:9'));
    expect(names(index.listening('A', 'members'))).toEqual(['a-agent']);
    expect(names(index.listening('A', 'user:1'))).toEqual(['a-agent']);
    expect(names(index.reaching('A', ['members', 'user:9']))).toEqual(['a-agent']);
    expect(names(index.reaching('B', ['members', 'user:9']))).toEqual(['b-agent', 'b-visitor']);
  });

  it('reaches a connection listening to several of the audiences once', () => {
    const index = new AudienceIndex<ReturnType<typeof conn>>();
    index.add(conn('agent', 'A', 'members', 'user:1'));
    index.add(conn('visitor', 'A', 'user:9'));
    expect(names(index.reaching('A', ['members', 'user:1', 'user:9']))).toEqual(['agent', 'visitor']);
  });

  it('forgets a closed connection, and says when its application has none left', () => {
    const index = new AudienceIndex<ReturnType<typeof conn>>();
    const first = conn('first', 'A', 'members', 'user:1');
    const second = conn('second', 'A', 'members', 'user:2');
    const other = conn('other', 'B', 'members');
    for (const c of [first, second, other]) index.add(c);
    expect(index.size).toBe(3);
    expect(index.remove(first)).toBe(false);
    expect(names(index.listening('A', 'members'))).toEqual(['second']);
    expect(names(index.listening('A', 'user:1'))).toEqual([]);
    // Removed twice (a close after an error): nothing happens the second time.
    expect(index.remove(first)).toBe(false);
    expect(index.remove(second)).toBe(true);
    expect(names(index.all())).toEqual(['other']);
    expect(index.size).toBe(1);
    index.clear();
    expect(index.size).toBe(0);
  });
});
