/**
 * Preloaded with --expose-gc into the server that `npm run load` measures: SIGUSR2 runs a full garbage
 * collection, so memory is compared as what the process retains, not as whatever garbage it carries.
 */
process.on('SIGUSR2', () => (globalThis as { gc?: () => void }).gc?.());

export {};
