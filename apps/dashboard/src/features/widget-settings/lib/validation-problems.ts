// Turns a contract schema's issues into problems the pages can translate: the zod messages are
// English and written for the API; the settings pages speak the user's language.

import type { z } from 'zod';

export type ProblemKey =
  | 'required'
  | 'tooLong'
  | 'tooFew'
  | 'tooMany'
  | 'min'
  | 'max'
  | 'colour'
  | 'domain'
  | 'time'
  | 'timeZone'
  | 'closeAfterOpen'
  | 'pleaseSelectDate'
  | 'invalid';

export interface FieldProblem {
  /** Dotted path inside the section, e.g. 'days' or 'days.0.close'. */
  path: string;
  key: ProblemKey;
  values?: Record<string, number>;
}

// The contract's own messages (packages/api widget-settings.ts), matched word for word.
const BY_MESSAGE: Readonly<Record<string, ProblemKey>> = {
  'Please select a date': 'pleaseSelectDate',
  'Closing time must be after opening time': 'closeAfterOpen',
  'Unknown time zone': 'timeZone',
  'A host name such as shop.example.com': 'domain',
  'A colour is # and six hex digits': 'colour',
};

function toProblem(issue: z.core.$ZodIssue): FieldProblem {
  const path = issue.path.map(String).join('.');
  const known = BY_MESSAGE[issue.message];
  if (known) return { path, key: known };
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? { path, key: 'required' } : { path, key: 'tooFew', values: { min } };
      if (issue.origin === 'array') return { path, key: 'tooFew', values: { min } };
      return { path, key: 'min', values: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { path, key: 'tooLong', values: { max } };
      if (issue.origin === 'array') return { path, key: 'tooMany', values: { max } };
      return { path, key: 'max', values: { max } };
    }
    case 'invalid_type':
      // An emptied number field arrives as NaN.
      return { path, key: issue.expected === 'number' ? 'required' : 'invalid' };
    case 'invalid_format':
      return { path, key: /open|close/.test(path) ? 'time' : 'invalid' };
    default:
      return { path, key: 'invalid' };
  }
}

/** Every problem of a value against a schema; empty when it passes. */
export function validationProblems(schema: z.ZodType, value: unknown): FieldProblem[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map(toProblem);
}
