// Read-your-writes: after a command, wait until every registered projection's checkpoint has
// reached the command's position, but never longer than PROJECTION_WAIT_MS.
import type pg from 'pg';
import type { Position } from '../eventstore/position.js';

export class ProjectionWaiter {
  constructor(
    private readonly pool: pg.Pool,
    private readonly timeoutMs: number,
  ) {}

  async behind(position: Position): Promise<number> {
    const { rows } = await this.pool.query<{ behind: string }>(
      `SELECT count(*) AS behind FROM projection_checkpoints
        WHERE (commit_position, prepare_position) < ($1::bigint, $2::bigint)`,
      [position.commit.toString(), position.prepare.toString()],
    );
    return Number(rows[0]!.behind);
  }

  async waitFor(position: Position | undefined): Promise<void> {
    if (!position || this.timeoutMs === 0) return;
    const deadline = Date.now() + this.timeoutMs;
    let pause = 2;
    while (Date.now() < deadline) {
      try {
        if ((await this.behind(position)) === 0) return;
      } catch {
        return; // no read models here (e.g. the table does not exist yet): nothing to wait for
      }
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, 25);
    }
  }
}
