import { useCallback, useLayoutEffect, useRef } from 'react';
import { type NavigateOptions, type To, useNavigate } from 'react-router';

/**
 * `useNavigate` with one identity for the component's life. The declarative router's navigate
 * changes with every path (it resolves relative paths against it), which would give the inbox's
 * row callbacks a new identity on every conversation opened, and re-render every row.
 */
export function useStableNavigate(): (to: To, options?: NavigateOptions) => void | Promise<void> {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  return useCallback((to: To, options?: NavigateOptions) => latest.current(to, options), []);
}
