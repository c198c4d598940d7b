import { readdirSync, readFileSync } from 'node:fs';

/** The reader processes (reader-process.entry.js) that process `parent` started and that run now, from /proc (its threads' children). */
export function readerProcesses(parent: number = process.pid): number[] {
  const children = readdirSync(`/proc/${parent}/task`).flatMap((thread) => {
    try {
      return readFileSync(`/proc/${parent}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return []; // the thread ended meanwhile
    }
  });
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('reader-process.entry');
    } catch {
      return false; // ended meanwhile
    }
  });
}

/** A process's resident memory, MB (VmRSS). */
export function residentMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}
