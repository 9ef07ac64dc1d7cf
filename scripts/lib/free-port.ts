import net from 'node:net';

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Fails with a clear message when `port` is taken, instead of a stack trace later. */
export function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', () =>
      reject(
        new Error(
          `Port ${port} (${what}) is in use. Stop what uses it, or set ${what === 'web' ? 'PORT' : 'CHAIN_PORT'}.`,
        ),
      ),
    );
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve()));
  });
}
