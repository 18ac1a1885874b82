import { ToolmarkError } from '@toolmark/benchmarks';

/** Stable codes of capture failures (shown by the CLI next to the input error codes of the core). */
export type CaptureErrorCode =
  /** The URL is not an http(s) URL, or carries credentials. */
  | 'invalid_url'
  /** The auth header would go somewhere it was not allowed to (another origin, plain HTTP to a remote host). */
  | 'auth_refused'
  /** The server answered with a redirect; redirects are never followed. */
  | 'redirect_refused'
  /** A registered URL's host is, or resolves to, an address the network guard refuses (private, metadata, …). */
  | 'address_refused'
  /** A response body went over the network guard's size cap. */
  | 'response_too_large'
  /** An npm package spec is not a plain registry name with an optional version or range. */
  | 'invalid_package_spec'
  /** Installing an npm package failed (not found, no such version, no usable bin, npm error). */
  | 'install_failed'
  /** The capture's temporary files could not be written: a full disk, quota, I/O error, read-only file system. */
  | 'storage_failed'
  /** The command could not be started (not found, not executable). */
  | 'spawn_failed'
  /** No connection could be made, or it was lost (refused, DNS, TLS, the process exited). */
  | 'connection_failed'
  /** The server answered an HTTP request with an error status. */
  | 'http_error'
  /** The server spoke, but not the protocol we need (JSON-RPC error, no tools capability, endless paging). */
  | 'protocol_error'
  /** The connection or the whole capture took longer than allowed. */
  | 'timeout';

/** Where a capture failed and what to fix; never holds a secret. */
export interface CaptureErrorDetail {
  /** The target: a URL without credentials or query, or the command line. */
  where: string;
  [extra: string]: unknown;
}

/** A typed capture failure with the same JSON shape as the core's input errors and the API's errors. */
export class CaptureError extends ToolmarkError<CaptureErrorCode, CaptureErrorDetail> {
  override readonly name = 'CaptureError';
  constructor(code: CaptureErrorCode, message: string, detail: CaptureErrorDetail) {
    super(code, message, detail);
  }
}
