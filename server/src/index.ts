// The server workspace's library surface: MCP capture (the CLI is a binary, see cli/main.ts).
export * from './capture/index.js';
