/**
 * `toISOString` for the instants of one statement's rows, each instant formatted once: most rows of
 * a batch share one (its commit time), and the send path formats thousands a second.
 */
export function isoInstants(): (d: Date) => string {
  const formatted = new Map<number, string>();
  return (d) => {
    const t = d.getTime();
    let text = formatted.get(t);
    if (text === undefined) {
      text = d.toISOString();
      formatted.set(t, text);
    }
    return text;
  };
}
