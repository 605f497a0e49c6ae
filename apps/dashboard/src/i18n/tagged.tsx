import { Fragment, type ReactElement, type ReactNode } from 'react';

/**
 * A translated string with one `<tag>…</tag>` pair drawn by `render` (e.g. a link round the
 * support address). react-i18next's <Trans> does this for any markup, but it brings an HTML
 * parser into the shell's chunk for the one sentence every page's error screen has (issue 39).
 * A string without the pair is shown as it is.
 */
export function Tagged({
  text,
  tag,
  render,
}: {
  text: string;
  tag: string;
  render: (content: string) => ReactElement;
}): ReactNode {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const start = text.indexOf(open);
  const end = text.indexOf(close, start + open.length);
  if (start < 0 || end < 0) return text;
  return (
    <Fragment>
      {text.slice(0, start)}
      {render(text.slice(start + open.length, end))}
      {text.slice(end + close.length)}
    </Fragment>
  );
}
