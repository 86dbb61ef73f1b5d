// Durable renames, with one directory fsync shared by every writer waiting on the same directory.
// A file renamed into place survives a crash only once its directory is flushed too (the file's own
// fsync covers its bytes, not its name). Writers that finish while a flush of that directory is
// under way cannot count on it (it may have started before their rename), so they share the next
// one: at most one flush runs per directory, and every waiter is covered by one that began after its
// rename (group commit).
import { open } from 'node:fs/promises';

/** Flushes a directory's entries to disk (fsync on the directory). */
export async function fsyncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
  } catch (error) {
    // Windows cannot open a directory as a file; its renames are journalled by NTFS.
    if (process.platform === 'win32') return;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class GroupSync {
  /** The flush under way, per directory. */
  readonly #running = new Map<string, Promise<void>>();
  /** The flush that will start when the running one ends, shared by everyone who asked meanwhile. */
  readonly #next = new Map<string, Promise<void>>();

  constructor(private readonly flush: (dir: string) => Promise<void> = fsyncDirectory) {}

  /** Resolves once a flush of `dir` that started after this call has completed. */
  sync(dir: string): Promise<void> {
    const waiting = this.#next.get(dir);
    if (waiting) return waiting;
    const running = this.#running.get(dir);
    const next = (running ?? Promise.resolve())
      .catch(() => undefined) // the running flush's failure is its own waiters'
      .then(async () => {
        this.#next.delete(dir);
        this.#running.set(dir, next);
        try {
          await this.flush(dir);
        } finally {
          if (this.#running.get(dir) === next) this.#running.delete(dir);
        }
      });
    this.#next.set(dir, next);
    return next;
  }
}
