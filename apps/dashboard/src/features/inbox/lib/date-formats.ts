// The inbox's date formatters, one of each per language: building an Intl.DateTimeFormat loads
// the language's calendar data, a cost not to pay per row or per mount. The day separators' long
// format cost about 30 ms of the main thread inside the click that opens a conversation on a slow
// machine (docs/performance.md, session 28), so the inbox builds the open conversation's two while
// it is idle, before any click.

const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: 'long', year: 'numeric' };
const DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

const dates = new Map<string, Intl.DateTimeFormat>();
const days = new Map<string, Intl.DateTimeFormat>();
const clocks = new Map<string, Intl.DateTimeFormat>();

function built(
  cache: Map<string, Intl.DateTimeFormat>,
  language: string,
  options: Intl.DateTimeFormatOptions,
) {
  let format = cache.get(language);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, options);
    cache.set(language, format);
  }
  return format;
}

/** The list's date of an older conversation ("01 December 2026" in the language's words). */
export function dateFormat(language: string): Intl.DateTimeFormat {
  return built(dates, language, DATE);
}

/** The day separators' date ("Tuesday, 1 December 2026" in the language's words). */
export function dayFormat(language: string): Intl.DateTimeFormat {
  return built(days, language, DAY);
}

/** A message's time of day. */
export function clockFormat(language: string): Intl.DateTimeFormat {
  return built(clocks, language, CLOCK);
}

/** Builds both formatters of `language` now, so that opening a conversation finds them built. */
export function prepareMessageDateFormats(language: string): void {
  dayFormat(language);
  clockFormat(language);
}
