import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The infra files' temp folder, removed when they end. Every `new App()` without an outdir makes a cdk.outXXXX
 * folder in the temp dir that CDK never removes: a machine that ran the suite a few dozen times held 1,451 of
 * them (1 GB). The worker that runs the files starts after this setup and inherits TMPDIR, which os.tmpdir() reads.
 */
export default async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'racefinder-infra-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return async () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    await rm(dir, { recursive: true, force: true });
  };
}
