/** What a burst needs of a socket (a net.Socket, or any Writable in tests). */
export interface CorkableSocket {
  cork(): void;
  uncork(): void;
  readonly destroyed: boolean;
}

/**
 * Frames sent to one socket in the same tick leave in one write: a committed batch of sends is
 * tens of events for every agent's socket, and on loopback or a LAN each write is a system call
 * that costs more than the frame. The first frame of a tick corks the socket; the next tick
 * uncorks it (same order, same bytes, only fewer writes).
 */
export function burstWriter(raw: CorkableSocket | undefined): () => void {
  if (!raw) return () => {};
  let corked = false;
  const uncork = () => {
    corked = false;
    raw.uncork();
  };
  return () => {
    if (corked || raw.destroyed) return;
    corked = true;
    raw.cork();
    process.nextTick(uncork);
  };
}
