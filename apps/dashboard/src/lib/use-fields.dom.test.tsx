import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent, FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useFields } from './use-fields';

const change = (value: string) => ({ currentTarget: { value } }) as ChangeEvent<HTMLInputElement>;
const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent<HTMLFormElement>;

describe('useFields', () => {
  const required = (value: string) => (value.trim() === '' ? 'Required' : null);

  it('validates on submit and calls the handler only when every field is valid', () => {
    const handle = vi.fn();
    const { result } = renderHook(() => useFields({ email: '', code: '' }, { email: required }));
    act(() => result.current.onSubmit(handle)(submitEvent()));
    expect(handle).not.toHaveBeenCalled();
    expect(result.current.input('email').error).toBe('Required');
    expect(result.current.input('code').error).toBeUndefined();

    act(() => result.current.input('email').onChange(change('a@b.co')));
    act(() => result.current.onSubmit(handle)(submitEvent()));
    expect(handle).toHaveBeenCalledWith({ email: 'a@b.co', code: '' });
  });

  it('clears a field error (set by validation or by hand) when the field changes', () => {
    const { result } = renderHook(() => useFields({ otp: '' }, {}));
    act(() => result.current.setError('otp', 'Wrong code'));
    expect(result.current.input('otp').error).toBe('Wrong code');
    act(() => result.current.input('otp').onChange(change('123456')));
    expect(result.current.input('otp')).toMatchObject({ value: '123456', error: undefined });
  });
});
