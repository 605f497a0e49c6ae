// Select and MultiSelect that load Mantine's combobox on first use (issue 39). Until then a
// stand-in shows the same input (label, value, chevron, size; role combobox, collapsed): pointer
// over it or focus starts the load, and a click or an opening key (Enter, Space, arrows) made before
// the load ends opens the real picker as it mounts, focused when the stand-in had the focus.
// The real picker replaces the stand-in on that click or key, not before.

import {
  ComboboxChevron,
  type ComboboxData,
  InputBase,
  type MultiSelectProps,
  Pill,
  PillsInput,
  type SelectProps,
} from '@mantine/core';
import { standInProps, useIntent } from './stand-in';
import { useOverlays } from './use-overlays';

const OPENING_KEYS = ['Enter', ' ', 'ArrowDown', 'ArrowUp'];

/** The stand-in's handlers; the real picker takes over on the click (not the press: see useOverlays), opened. */
function useStandIn(load: () => void, ask: () => void) {
  const { intent } = useIntent();
  return {
    intent,
    handlers: { ...standInProps({}, intent, { load, open: ask, keys: OPENING_KEYS }), onMouseDown: load },
  };
}

/** An option's label by its value, as the picker shows it. */
function labelOf(data: ComboboxData | undefined, value: string): string {
  for (const entry of data ?? []) {
    if (typeof entry === 'string') {
      if (entry === value) return entry;
    } else if ('group' in entry) {
      const found = labelOf(entry.items as ComboboxData, value);
      if (found !== value) return found;
    } else if (entry.value === value) {
      return 'label' in entry && typeof entry.label === 'string' ? entry.label : entry.value;
    }
  }
  return value;
}

/** The props the stand-in shares with the picker: its look and its name. */
const LOOK = [
  'label',
  'description',
  'error',
  'placeholder',
  'size',
  'radius',
  'variant',
  'disabled',
  'required',
  'withAsterisk',
  'leftSection',
  'w',
  'miw',
  'maw',
  'flex',
  'mt',
  'mb',
  'style',
  'className',
  'id',
  'aria-label',
] as const;

type LookProps = Pick<SelectProps, (typeof LOOK)[number]>;

function lookOf(props: LookProps): LookProps {
  return Object.fromEntries(LOOK.map((key) => [key, props[key]])) as LookProps;
}

type TestId = { 'data-testid'?: string };

export function LazySelect(props: SelectProps & TestId) {
  const { overlays, load, ask } = useOverlays();
  const { intent, handlers } = useStandIn(load, ask);
  if (overlays !== null) {
    return (
      <overlays.Select
        {...props}
        autoFocus={props.autoFocus === true || intent.focused}
        defaultDropdownOpened={props.defaultDropdownOpened === true || intent.open}
      />
    );
  }
  const value = props.value ?? props.defaultValue ?? null;
  return (
    <InputBase
      {...lookOf(props)}
      {...handlers}
      data-testid={props['data-testid']}
      value={value === null ? '' : labelOf(props.data, value)}
      readOnly
      pointer={props.searchable !== true}
      autoFocus={props.autoFocus}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      rightSection={<ComboboxChevron size={props.size ?? 'sm'} />}
      rightSectionPointerEvents="none"
    />
  );
}

export function LazyMultiSelect(props: MultiSelectProps & TestId) {
  const { overlays, load, ask } = useOverlays();
  const { intent, handlers } = useStandIn(load, ask);
  if (overlays !== null) {
    return (
      <overlays.MultiSelect
        {...props}
        autoFocus={props.autoFocus === true || intent.focused}
        defaultDropdownOpened={props.defaultDropdownOpened === true || intent.open}
      />
    );
  }
  const values = props.value ?? props.defaultValue ?? [];
  const { 'aria-label': ariaLabel, placeholder, ...look } = lookOf(props);
  return (
    <PillsInput
      {...look}
      pointer={props.searchable !== true}
      onPointerEnter={handlers.onPointerEnter}
      onMouseDown={handlers.onMouseDown}
      onClick={handlers.onClick}
      rightSection={<ComboboxChevron size={props.size ?? 'sm'} />}
      rightSectionPointerEvents="none"
    >
      <Pill.Group>
        {values.map((value) => (
          <Pill key={value} withRemoveButton={props.readOnly !== true}>
            {labelOf(props.data, value)}
          </Pill>
        ))}
        <PillsInput.Field
          aria-label={ariaLabel}
          data-testid={props['data-testid']}
          placeholder={placeholder}
          readOnly
          autoFocus={props.autoFocus}
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          onFocus={handlers.onFocus}
          onBlur={handlers.onBlur}
          onKeyDown={handlers.onKeyDown}
        />
      </Pill.Group>
    </PillsInput>
  );
}
