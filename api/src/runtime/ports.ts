// Ports this system chooses for servers of its own: the HTTP API under PORT=0, embedded Postgres, the
// servers tests start.
//
// A port the kernel chooses (a bind to port 0) comes from its ephemeral range, the range it also takes
// every outgoing connection's local port from. Between a probe closing such a port and the server
// binding it, a connection to Postgres or the chain can take it, and the server fails with EADDRINUSE
// (CI failed so once). So a port is chosen below that range, where the kernel never chooses, and is
// held (listened on) until the server that will use it is about to bind it.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

export interface HeldPort {
  readonly port: number;
  /** Frees the port for the server about to bind it. */
  release(): Promise<void>;
}

/** The lowest port chosen; below it sit the well-known and registered services people run. */
const LOWEST = 10_000;
/** Ports this process has held once: never chosen again, whoever binds them later. */
const chosen = new Set<number>();

/** Where to choose: [LOWEST, start of the ephemeral range), or null where that range is unknown or leaves too little. */
function outsideEphemeralRange(): readonly [number, number] | null {
  let start: number;
  try {
    start = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return null;
  }
  return Number.isInteger(start) && start - LOWEST >= 1_000 ? [LOWEST, start - 1] : null;
}

function listenOn(port: number): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(null) : reject(error)));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(server));
  });
}

function held(server: Server): HeldPort {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  chosen.add(port);
  let released: Promise<void> | null = null;
  return { port, release: () => (released ??= new Promise((resolve) => server.close(() => resolve()))) };
}

/** A free port on 127.0.0.1, held until `release()`; the kernel's choice where no range outside its own is known. */
export async function holdFreePort(): Promise<HeldPort> {
  const range = outsideEphemeralRange();
  for (let attempt = 0; range && attempt < 100; attempt++) {
    const port = randomInt(range[0], range[1] + 1);
    if (chosen.has(port)) continue;
    const server = await listenOn(port);
    if (server) return held(server);
  }
  const server = await listenOn(0);
  if (!server) throw new Error('no free TCP port on 127.0.0.1');
  return held(server);
}

/** A free port, for a server started at once (another process's: nothing here can hold it for that one). */
export async function freePort(): Promise<number> {
  const port = await holdFreePort();
  await port.release();
  return port.port;
}
