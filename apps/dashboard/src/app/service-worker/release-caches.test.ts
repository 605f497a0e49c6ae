import { describe, expect, it } from 'vitest';
import { staleCaches } from './release-caches';

describe('staleCaches', () => {
  it('keeps every cache while the stored release is the latest', () => {
    expect(staleCaches('17.9.1', '17.9.1', ['convo-sw-1', 'pages'])).toEqual([]);
  });
  it('deletes every cache when an older release wrote the data', () => {
    expect(staleCaches('17.9.0', '17.9.1', ['convo-sw-1', 'pages'])).toEqual(['convo-sw-1', 'pages']);
  });
  it('deletes every cache when no release is stored yet', () => {
    expect(staleCaches(null, '17.9.1', ['old'])).toEqual(['old']);
  });
  it('has nothing to delete when there are no caches', () => {
    expect(staleCaches('1', '2', [])).toEqual([]);
  });
});
