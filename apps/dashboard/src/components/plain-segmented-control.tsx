// A segmented control in plain elements (see plain-segmented-control.module.css for why): a group
// of native radio inputs, so the keyboard works as with any radio group (one tab stop, arrows).

import { type CSSProperties, useId } from 'react';
import classes from './plain-segmented-control.module.css';

export interface PlainSegmentedControlProps<V extends string> {
  data: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  'aria-label': string;
  size?: 'xs' | 'sm';
  disabled?: boolean;
  /** A Mantine colour name for the chosen segment (its filled colour, white text). */
  color?: string;
  'data-testid'?: string;
}

export function PlainSegmentedControl<V extends string>({
  data,
  value,
  onChange,
  size = 'sm',
  disabled = false,
  color,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: PlainSegmentedControlProps<V>) {
  const name = useId();
  const style = color
    ? ({
        '--psc-color': `var(--mantine-color-${color}-filled)`,
        '--psc-label-color': 'var(--mantine-color-white)',
        '--psc-shadow': 'none',
      } as CSSProperties)
    : undefined;
  return (
    <div
      role="radiogroup"
      aria-label={ariaLabel}
      data-testid={testId}
      data-size={size}
      data-disabled={disabled || undefined}
      className={classes.root}
      style={style}
    >
      {data.map((item) => {
        const id = `${name}-${item.value}`;
        const active = item.value === value;
        return (
          <div key={item.value} className={classes.control} data-active={active || undefined}>
            <input
              className={classes.input}
              type="radio"
              id={id}
              name={name}
              value={item.value}
              checked={active}
              disabled={disabled}
              onChange={() => onChange(item.value)}
            />
            <label
              htmlFor={id}
              className={classes.label}
              data-active={active || undefined}
              data-disabled={disabled || undefined}
            >
              <span className={classes.inner}>{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
