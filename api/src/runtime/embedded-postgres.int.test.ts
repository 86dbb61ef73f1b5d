// The embedded server is reached through a Unix socket in its data directory when the path fits
// (no TCP stack per query), over TCP otherwise.
import { expect, it } from 'vitest';
import pg from 'pg';
import { testPostgresUrl } from '../../../test/support/database.js';
import { unixSocketDir } from './embedded-postgres.js';

it('hands out a URL that connects through the Unix socket', async () => {
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ local: boolean }>('SELECT inet_server_addr() IS NULL AS local');
    expect(rows[0]!.local).toBe(true);
  } finally {
    await client.end();
  }
});

it('uses the socket only where its address fits (107 bytes) and the path is plain', () => {
  expect(unixSocketDir('/tmp/titleledger-x/data', 54321)).toBe('/tmp/titleledger-x/data');
  expect(unixSocketDir(`/tmp/${'d'.repeat(90)}`, 54321)).toBeNull();
  expect(unixSocketDir('/tmp/with space/data', 54321)).toBeNull();
});
