// A divider in plain elements, with Mantine's look (see plain-divider.module.css for why).

import classes from './plain-divider.module.css';

/** A horizontal rule, or with `label` a centred label between two lines. */
export function PlainDivider({ label, testId }: { label?: string; testId?: string }) {
  if (label === undefined) return <hr className={classes.line} data-testid={testId} />;
  return (
    // Not role="separator": its children would be presentational, and the label (a day) is read.
    <div className={classes.labelled} data-testid={testId}>
      {label}
    </div>
  );
}
