/** The agents' numbers as typed in the Voice form: one per line (commas and semicolons accepted), blanks dropped. */
export const agentNumbersOf = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((n) => n.trim())
    .filter((n) => n !== '');
