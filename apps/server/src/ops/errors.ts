/** An operator command's failure: its message is the one line the command prints. */
export class OpsError extends Error {}
