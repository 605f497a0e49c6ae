import type { KnowledgeSource } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { isBusy, progressPercent, uploadProblem } from './knowledge-api';

const source = (over: Partial<KnowledgeSource>): KnowledgeSource => ({
  id: 's',
  botId: 'b',
  kind: 'sitemap',
  name: 'https://shop.example/sitemap.xml',
  url: 'https://shop.example/sitemap.xml',
  mimeType: null,
  status: 'ready',
  error: null,
  errorDetail: null,
  note: null,
  progressDone: 0,
  progressTotal: 0,
  pageLimit: 50,
  passageCount: 0,
  createdAt: 0,
  updatedAt: 0,
  ...over,
});

describe('knowledge helpers', () => {
  it('refuse what the server would refuse before uploading', () => {
    expect(uploadProblem({ name: 'Guide.PDF', size: 10 })).toBeNull();
    expect(uploadProblem({ name: 'notes.md', size: 10 })).toBeNull();
    expect(uploadProblem({ name: 'photo.png', size: 10 })).toBe('unsupported');
    expect(uploadProblem({ name: 'noext', size: 10 })).toBe('unsupported');
    expect(uploadProblem({ name: 'a.txt', size: 0 })).toBe('empty');
    expect(uploadProblem({ name: 'big.pdf', size: 20 * 1024 * 1024 + 1 })).toBe('tooLarge');
  });

  it('poll while a source is queued or indexing', () => {
    expect(isBusy([source({ status: 'ready' }), source({ status: 'failed' })])).toBe(false);
    expect(isBusy([source({ status: 'ready' }), source({ status: 'indexing' })])).toBe(true);
    expect(isBusy([source({ status: 'pending' })])).toBe(true);
  });

  it('show progress in percent, unknown until the total is', () => {
    expect(progressPercent(source({ progressDone: 0, progressTotal: 0 }))).toBeNull();
    expect(progressPercent(source({ progressDone: 3, progressTotal: 12 }))).toBe(25);
    expect(progressPercent(source({ progressDone: 13, progressTotal: 12 }))).toBe(100);
  });
});
