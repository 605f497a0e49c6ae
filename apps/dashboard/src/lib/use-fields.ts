// The sign-in page's form state without @mantine/form: its ~6 KB (brotli) were a twentieth of
// the sign-in page's 120 KB budget (issue 39) for three text fields. Same behaviour as the pages'
// useForm: validation on submit, an error cleared when its field changes.

import { type ChangeEvent, type FormEvent, useState } from 'react';

type Errors<F extends string> = Partial<Record<F, string>>;

export interface Fields<F extends string> {
  values: Record<F, string>;
  /** Value, change handler and error of a text input. */
  input(name: F): {
    value: string;
    error: string | undefined;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
  };
  setError(name: F, text: string): void;
  /** The form's submit handler: validates, then calls `handle` with the values if all are valid. */
  onSubmit(handle: (values: Record<F, string>) => void): (event: FormEvent<HTMLFormElement>) => void;
}

export function useFields<F extends string>(
  initial: Record<F, string>,
  validate: Partial<Record<F, (value: string) => string | null>>,
): Fields<F> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  return {
    values,
    input: (name) => ({
      value: values[name],
      error: errors[name],
      onChange: (event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      },
    }),
    setError: (name, text) => setErrors((current) => ({ ...current, [name]: text })),
    onSubmit: (handle) => (event) => {
      event.preventDefault();
      const found: Errors<F> = {};
      for (const name of Object.keys(validate) as F[]) {
        const text = validate[name]?.(values[name]) ?? null;
        if (text !== null) found[name] = text;
      }
      setErrors(found);
      if (Object.keys(found).length === 0) handle(values);
    },
  };
}
