// A tiny tmpfs for the full-disk tests (as root: mounting needs it). A test that needs one fails with a
// clear message when it does not run as root, rather than being skipped.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Mount a fresh tmpfs of `sizeKiB` (and at most `inodes` files and folders) on a new folder; returns the folder. */
export function mountTmpfs(sizeKiB = 256, inodes?: number): string {
  if (process.getuid?.() !== 0) {
    throw new Error(`this test mounts a ${sizeKiB} KiB tmpfs to fill a disk for real and must run as root (uid ${process.getuid?.() ?? '?'}); run it as root (the CI machine is)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'toolmark-tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k,mode=0777${inodes === undefined ? '' : `,nr_inodes=${inodes}`}`, 'tmpfs', dir]);
  return dir;
}

/** Unmount and remove it (lazily, should a process still hold a file there). */
export function unmountTmpfs(dir: string): void {
  try {
    execFileSync('umount', ['-l', dir]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Write `file` until the file system says ENOSPC; returns the bytes written. */
export function fill(file: string): number {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(4096, 120);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return written;
}

/** Bytes in use on the file system of `dir`. */
export function usedBytes(dir: string): number {
  const s = statfsSync(dir);
  return (s.blocks - s.bfree) * s.bsize;
}

/** Remount read-only (`ro: true`) or read-write. */
export function remount(dir: string, ro: boolean): void {
  execFileSync('mount', ['-o', `remount,${ro ? 'ro' : 'rw'}`, dir]);
}
