import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { StaffFileError } from '../api/staff.js';
import { LockHeld } from '../store/file-lock.js';
import { PersistenceError } from '../store/persistence-error.js';

/** A Node file-system error: it names the file and the call that failed. */
type FileError = Error & { readonly code: string; readonly path: string; readonly syscall: string };

/**
 * A failure the user can act on, in words for one line that name what was wrong — a file that cannot be
 * read or written, a database that cannot be used, a lock another process holds — or null for anything
 * else: a bug, whose stack is worth seeing.
 */
export function knownFailure(error: unknown): string | null {
  // A database the user gave that cannot be used; not a bug met while opening one (its cause is no
  // SQLite, file or lock error), whose stack is worth seeing.
  if (error instanceof PersistenceError) return storageCause(error.cause) ? error.message : null;
  if (error instanceof StaffFileError) return error.message;
  if (error instanceof LockHeld) return `${error.message} by another process: try again when it is done`;
  // A held lock in the words of whoever took it (the staff file's).
  if (error instanceof Error && error.cause instanceof LockHeld) return error.message;
  if (isFileError(error)) return fileProblem(error);
  return null;
}

/** No cause (the store's own finding), or SQLite's, a file's or a lock's: a problem with the database, not a bug. */
function storageCause(cause: unknown): boolean {
  if (cause === undefined || cause instanceof LockHeld || isFileError(cause)) return true;
  return cause instanceof Error && cause.name === 'SqliteError';
}

function isFileError(error: unknown): error is FileError {
  if (!(error instanceof Error)) return false;
  const { code, path, syscall } = error as Partial<FileError>;
  return typeof code === 'string' && typeof path === 'string' && typeof syscall === 'string';
}

function fileProblem({ code, path, syscall, message }: FileError): string {
  switch (code) {
    case 'ENOENT':
      return existsSync(dirname(path)) ? `${path} does not exist` : `the folder ${dirname(path)} does not exist (for ${path}): check the path, or make the folder first`;
    case 'EISDIR':
      return `${path} is a folder: give the path of a file`;
    case 'ENOTDIR':
      return `${path}: a part of this path is a file, not a folder`;
    case 'EEXIST':
      return syscall === 'mkdir' ? `${path} is a file, not a folder: give the path of a folder` : `${path} is there already`;
    case 'EACCES':
    case 'EPERM':
      return `${path}: permission denied: choose another path, or one this user may use`;
    case 'EROFS':
      return `${path} is on a read-only file system: choose another path`;
    case 'ENOSPC':
      return `${path}: the disk is full`;
    default: {
      // Node's words without the code and path it puts around them: "ELOOP: too many symbolic links…, open 'x'".
      const words = /^[A-Z]+: (.*?), \w+ '/.exec(message)?.[1] ?? 'failed';
      return `${path}: ${words} (${code})`;
    }
  }
}
