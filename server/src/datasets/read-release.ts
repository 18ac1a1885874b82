// What `toolmark datasets verify` reads: a release folder (verify-folder.ts) or a release URL downloaded and
// checked against its instance (verify-site.ts). Kept for the callers that import from here.
export { releaseFolders, UnreadableRelease, verifyFolder } from './verify-folder.js';
export { DownloadError, instanceKeys, releaseUrls, verifyAgainst, verifyUrl } from './verify-site.js';
