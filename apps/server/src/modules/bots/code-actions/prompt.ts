import { CODE_ACTION_FUNCTION, CODE_ACTION_LIMITS } from '@convo/api';

// What the model is asked to write, and how its answer becomes code. Pure, so it is unit-tested.

export const CODE_SYSTEM_PROMPT = [
  `You write one JavaScript function named ${CODE_ACTION_FUNCTION} for a customer-support chatbot's custom action.`,
  `It is declared as \`function ${CODE_ACTION_FUNCTION}(input) { ... }\` (it may be async), takes one argument, a plain`,
  'JSON object of conversation attributes, and returns a plain JSON object whose keys become conversation',
  'attributes. It runs in a sandbox with only standard ECMAScript built-ins (Math, JSON, Date, String, Array,',
  'RegExp, Intl is absent): there is no fetch, network, require, import, process, file system or timers, and',
  `it is stopped after ${CODE_ACTION_LIMITS.timeMs} ms. Validate the input and return an object with an "error"`,
  'key rather than throwing when the input is unusable. console.log may be used for debugging.',
  'Answer with the code only, in one ```javascript block, with short comments; no explanations.',
].join(' ');

const FENCE = /```[a-zA-Z]*[ \t]*\r?\n([\s\S]*?)```/;

/** The code in a model's answer: its first fenced block, or the whole answer without fences. */
export function codeFromAnswer(answer: string): string {
  const fenced = FENCE.exec(answer);
  return (fenced?.[1] ?? answer).trim();
}

/** Whether the code (as far as text can tell) declares the function the sandbox calls. */
export function declaresAction(code: string): boolean {
  const name = CODE_ACTION_FUNCTION;
  return new RegExp(
    `(?:^|[\\s;])(?:async\\s+)?function\\s*\\*?\\s*${name}\\s*\\(|(?:const|let|var)\\s+${name}\\s*=`,
  ).test(code);
}
