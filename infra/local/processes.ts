import type { ChildProcess } from 'node:child_process';

const children = new Set<ChildProcess>();
let hooked = false;

/**
 * Kills the child when this process exits, however it exits, so no java or node child is left holding a
 * port. Returns a function that forgets the child once it has been stopped normally.
 */
export function killOnExit(child: ChildProcess): () => void {
  children.add(child);
  if (!hooked) {
    hooked = true;
    process.on('exit', () => {
      for (const running of children) running.kill('SIGKILL');
    });
  }
  return () => children.delete(child);
}

/** Asks the child to stop and waits; a child that ignores SIGTERM for 3 s is killed. */
export async function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
