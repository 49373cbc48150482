/**
 * Progress output for long work: a bar on a terminal, a line every few seconds otherwise
 * (CI logs, pipes), nothing when quiet.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  update(what: string, done: number, total: number): void;
  stop(): void;
}

export function progress(quiet = false): Progress {
  if (quiet) return { update() {}, stop() {} };
  if (process.stderr.isTTY) {
    let bar: cliProgress.SingleBar | undefined;
    let current = '';
    return {
      update(what, done, total) {
        if (what !== current) {
          bar?.stop();
          current = what;
          bar = new cliProgress.SingleBar({ format: `${what.padEnd(18)} [{bar}] {value}/{total} {percentage}% eta {eta_formatted}`, stream: process.stderr }, cliProgress.Presets.shades_classic);
          bar.start(total, done);
        } else bar?.update(done);
      },
      stop() { bar?.stop(); },
    };
  }
  let last = 0;
  return {
    update(what, done, total) {
      const now = Date.now();
      if (done === total || now - last > 2000) {
        last = now;
        console.error(`${what}: ${done}/${total}`);
      }
    },
    stop() {},
  };
}
