/**
 * Preloaded (`--import`) into the servers that the scripts start: such a server exits by itself when
 * the script that started it is gone, so no test server outlives its run.
 */
const startedBy = process.ppid;
setInterval(() => {
  if (process.ppid !== startedBy) process.exit(1);
}, 500).unref();

export {};
