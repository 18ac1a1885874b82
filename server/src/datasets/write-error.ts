// A build that cannot write (the disk is full, failing or read-only) stops: the release it was writing is
// marked failed and its partial output removed, nothing is published, and the job fails with this error
// (pg-boss retries it later). Other errors fail only their release and the build goes on.
import { ToolmarkError } from '@toolmark/benchmarks';

/** The error codes of a file system that cannot take the build (full, quota, I/O error, read-only, no inodes left). */
const IO_CODES = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EMFILE', 'ENFILE']);

/** Whether an error is the file system refusing a write. */
export const isWriteFailure = (e: unknown): e is NodeJS.ErrnoException => typeof (e as { code?: unknown } | null)?.code === 'string' && IO_CODES.has((e as { code: string }).code);

/** A dataset build stopped because its folder could not be written. */
export class DatasetWriteError extends ToolmarkError<'dataset_write_failed', { releaseId: string; root: string; errno: string; removed: boolean }> {
  override readonly name = 'DatasetWriteError';

  constructor(releaseId: string, root: string, cause: NodeJS.ErrnoException, removed: boolean) {
    super(
      'dataset_write_failed',
      `dataset release ${releaseId || '(none reserved)'} could not be written in ${root}: ${cause.code} (${cause.message}); nothing was published${removed ? ' and its partial output was removed' : ', and its partial output could not be removed'}`,
      { releaseId, root, errno: cause.code ?? 'unknown', removed },
      { cause },
    );
  }
}
