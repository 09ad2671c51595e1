import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

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

const SETPRIV = '/usr/bin/setpriv';
const canTieToParent = process.platform === 'linux' && existsSync(SETPRIV);

/**
 * spawn() for children that must never outlive us. killOnExit covers every exit Node sees; this also covers
 * the ones it cannot (SIGKILL, a crash, tsx killing a slow child): on Linux the child starts through
 * `setpriv --pdeathsig SIGKILL`, which asks the kernel to kill it when this process dies and then execs the
 * real program in place (same pid, no wrapper left between us and it).
 */
export function spawnTied(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  return canTieToParent
    ? spawn(SETPRIV, ['--pdeathsig', 'SIGKILL', '--', command, ...args], options)
    : spawn(command, args, options);
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * `npm start` runs us as npm -> sh -> tsx -> node, and `kill -TERM <npm>` reaches only sh, which dies without
 * passing it on (dash does not exec the script's command); tsx and this process would carry on orphaned. So
 * when this process was launched by npm, it watches the launch chain up to npm and calls `onGone` once any
 * of those processes has exited. Without npm (or without /proc) there is nothing to watch: the signals
 * arrive directly.
 */
export function whenLauncherExits(onGone: () => void, intervalMs = 1000): void {
  if (process.platform !== 'linux' || !process.env.npm_lifecycle_event) return;
  const chain: number[] = [];
  let foundNpm = false;
  for (let pid = process.ppid; pid > 1 && chain.length < 8 && !foundNpm; pid = parentOf(pid) ?? 0) {
    chain.push(pid);
    const command = commandLineOf(pid);
    foundNpm = command.startsWith('npm ') || command.includes('npm-cli');
  }
  if (!foundNpm) return;
  const timer = setInterval(() => {
    const gone = chain.some((pid) => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    });
    if (gone) {
      clearInterval(timer);
      onGone();
    }
  }, intervalMs);
  timer.unref();
}
