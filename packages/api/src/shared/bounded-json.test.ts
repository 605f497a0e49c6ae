import { describe, expect, it } from 'vitest';
import { boundedJsonObject, jsonLength } from './bounded-json.js';

const deep = (levels: number) => {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe('bounded JSON', () => {
  it('counts the serialised length, and a value too deep to serialise as endless', () => {
    expect(jsonLength({ a: 1 })).toBe(7);
    expect(jsonLength(deep(200_000))).toBe(Number.POSITIVE_INFINITY);
  });
  it('refuses an object past the bound, or too deep, with an issue rather than a throw', () => {
    const schema = boundedJsonObject(20);
    expect(schema.safeParse({ a: 'short' }).success).toBe(true);
    expect(schema.safeParse({ a: 'x'.repeat(30) }).success).toBe(false);
    expect(schema.safeParse(deep(200_000)).success).toBe(false);
  });
});
