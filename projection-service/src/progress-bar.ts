import type { RebuildProgress } from './rebuild.ts';

const duration = (ms: number | undefined): string => {
  if (ms === undefined || !Number.isFinite(ms)) return '--:--';
  const seconds = Math.round(ms / 1000);
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
};

const fraction = (p: RebuildProgress): number => {
  if (p.head === undefined || p.position === undefined) return 0;
  const start = p.from ?? 0n;
  if (p.head <= start) return 1;
  return Math.min(1, Number(p.position - start) / Number(p.head - start));
};

/**
 * Rebuild progress on stderr: a redrawn bar on a terminal, a plain line about once a second
 * otherwise (logs, CI), so the output stays readable either way.
 */
export const progressReporter = (stream: NodeJS.WriteStream = process.stderr) => {
  const tty = stream.isTTY === true;
  let lastLine = 0;
  return {
    update(p: RebuildProgress) {
      const share = fraction(p);
      const rate = Math.round(p.eventsPerSecond).toLocaleString('en-US');
      const text = `${p.applied.toLocaleString('en-US')} events, ${rate} events/s, ${duration(p.remainingMs)} left`;
      if (tty) {
        const width = 30;
        const filled = Math.round(share * width);
        stream.write(
          `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(share * 100)).padStart(3)}% ${text}\x1b[K`,
        );
      } else if (Date.now() - lastLine >= 1000) {
        lastLine = Date.now();
        stream.write(`rebuild: ${Math.round(share * 100)}% ${text}\n`);
      }
    },
    done() {
      if (tty) stream.write('\n');
    },
  };
};
