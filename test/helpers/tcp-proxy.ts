// A TCP relay in front of PostgreSQL that a test can cut: every relayed connection is dropped and new
// ones are closed as they arrive, as a database host that went away looks to the service; `restore()`
// relays again. Deterministic where terminating backends in a loop is a race.
import net from 'node:net';

export type TcpProxy = { port: number; cut(): void; restore(): void; close(): Promise<void> };

export async function tcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((inbound) => {
    if (refusing) return void inbound.destroy();
    const outbound = net.connect(targetPort, targetHost);
    open.add(inbound);
    open.add(outbound);
    const drop = () => {
      inbound.destroy();
      outbound.destroy();
      open.delete(inbound);
      open.delete(outbound);
    };
    inbound.on('error', drop).on('close', drop);
    outbound.on('error', drop).on('close', drop);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      refusing = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
