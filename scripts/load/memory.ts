/** The server's resident memory, read from the process itself (/proc/PID/status; `ps` elsewhere). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // not Linux
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

/** Samples RSS every second until stopped; returns the samples (MB, one a second). */
export function sampler(pid: number): () => number[] {
  const samples = [rssMb(pid)];
  const timer = setInterval(() => samples.push(rssMb(pid)), 1000);
  return () => {
    clearInterval(timer);
    return samples;
  };
}
