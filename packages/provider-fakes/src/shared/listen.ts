import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A fake's server listening on loopback: its address, and a close that also ends kept-alive connections. */
export interface LoopbackListener {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 (port 0: any free one). Closing destroys the open connections first, so a
 * client's keep-alive socket never holds a test's teardown open.
 */
export async function listenOnLoopback(server: Server, port = 0): Promise<LoopbackListener> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
