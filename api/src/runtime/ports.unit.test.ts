// Ports chosen for our own servers: outside the kernel's ephemeral range (which outgoing connections
// take their local ports from), and held until the server binds them.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, holdFreePort } from './ports.js';

function bindResult(port: number): Promise<string> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve('bound')));
  });
}

const ephemeralStart = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

describe('holdFreePort', () => {
  it('holds a port below the ephemeral range: nothing else binds it until it is released', async () => {
    const held = await holdFreePort();
    expect(held.port).toBeGreaterThanOrEqual(10_000);
    expect(held.port).toBeLessThan(ephemeralStart);
    expect(await bindResult(held.port)).toBe('EADDRINUSE');
    await held.release();
    await held.release(); // twice is harmless
    expect(await bindResult(held.port)).toBe('bound');
  });
});

describe('freePort', () => {
  it('never gives a process the same port twice', async () => {
    const ports = [];
    for (let i = 0; i < 300; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(port).toBeLessThan(ephemeralStart);
  });
});
