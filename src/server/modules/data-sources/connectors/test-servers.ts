/** Network fixtures for the connector tests: a closed port and a server that never answers. */
import net from 'node:net';

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts connections and never says a word. */
export async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The machine's PostgreSQL and MariaDB (see .ci/run, which starts both). */
export const LOCAL_POSTGRES = {
  host: '127.0.0.1',
  port: 5432,
  user: 'postgres',
} as const;
export const LOCAL_MARIADB = {
  host: '127.0.0.1',
  port: 3306,
  user: 'root',
  database: 'test',
} as const;

/**
 * Fails with a clear message when the machine's database is not running (the data source tests
 * need the real PostgreSQL and MariaDB; `bash .ci/run` starts both).
 */
export async function requireLocalService(name: string, service: { host: string; port: number }) {
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: service.host, port: service.port });
    socket.setTimeout(2000);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
  if (!reachable) {
    throw new Error(
      `${name} is not running at ${service.host}:${service.port}. The data source tests connect to the machine's ${name}; start it (bash .ci/run starts PostgreSQL and MariaDB).`,
    );
  }
}
