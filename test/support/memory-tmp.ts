import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * Where the test stacks keep their data: Linux's tmpfs when there is one, else the system's temp folder. DynamoDB
 * Local's file and cognito-local's user pool file are written at every change; on tmpfs that costs no disk
 * syncs, which on a busy 2-core machine left the suite waiting on the disk.
 */
export function memoryBackedTmp(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}
