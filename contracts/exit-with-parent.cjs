// Preloaded into the Hardhat node (`node --require`): it ends when the process that started it ends.
// That process holds the other end of the pipe on fd 3; its end closes however it dies (SIGKILL, a
// crash, a test runner killing its worker), where an 'exit' handler of its own would not run. A
// node left behind kept its memory and a port, with nothing to stop it.
'use strict';
const { Socket } = require('node:net');

const parent = new Socket({ fd: 3, readable: true, writable: false });
parent.on('data', () => undefined);
for (const event of ['end', 'close', 'error']) parent.once(event, () => process.exit(0));
parent.unref();
