import cliProgress from 'cli-progress';
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

const describe = (p: RebuildProgress): string => {
  const rate = Math.round(p.eventsPerSecond).toLocaleString('en-US');
  return `${p.applied.toLocaleString('en-US')} events, ${rate} events/s, ${duration(p.remainingMs)} left`;
};

/**
 * Rebuild progress on stderr, drawn by cli-progress: on a terminal a bar redrawn at most ten
 * times a second (the line is not wrapped on a narrow terminal), otherwise (logs, CI) a plain
 * line once a second and a last one at the end, with no control codes, so the output stays
 * readable either way.
 */
export const progressReporter = (
  stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
) => {
  const tty = stream.isTTY === true;
  const bar = new cliProgress.SingleBar({
    stream,
    fps: 10,
    noTTYOutput: true,
    notTTYSchedule: 1000,
    barsize: 30,
    barCompleteChar: '#',
    barIncompleteChar: '-',
    // A terminal keeps the finished bar on its own line; elsewhere each line already ends itself.
    clearOnComplete: !tty,
    format: (options, params, payload: { text: string }) => {
      const percent = Math.round(params.progress * 100);
      return tty
        ? `[${cliProgress.Format.BarFormat(params.progress, options)}] ${String(percent).padStart(3)}% ${payload.text}`
        : `rebuild: ${percent}% ${payload.text}`;
    },
  });
  let started = false;
  return {
    update(p: RebuildProgress) {
      const payload = { text: describe(p) };
      if (started) {
        bar.update(fraction(p), payload);
      } else {
        started = true;
        bar.start(1, fraction(p), payload);
      }
    },
    done() {
      if (started) bar.stop();
    },
  };
};
