import { describe, expect, it } from 'vitest';
import { codeFromAnswer, declaresAction } from './prompt.js';

describe('code from a model’s answer', () => {
  it('takes the first fenced block, or the whole answer', () => {
    expect(codeFromAnswer('Here:\n```javascript\nfunction action(i) { return i; }\n```\nDone.')).toBe(
      'function action(i) { return i; }',
    );
    expect(codeFromAnswer('```\nconst action = (i) => i;\n```')).toBe('const action = (i) => i;');
    expect(codeFromAnswer('  function action() { return {}; }  ')).toBe('function action() { return {}; }');
  });

  it('knows whether the function the sandbox calls is declared', () => {
    expect(declaresAction('function action(input) {}')).toBe(true);
    expect(declaresAction('async function action(input) {}')).toBe(true);
    expect(declaresAction('const action = async (input) => ({})')).toBe(true);
    expect(declaresAction('function reaction(input) {}')).toBe(false);
    expect(declaresAction('return 1')).toBe(false);
  });
});
