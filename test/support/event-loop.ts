// Event-loop delay histograms that see every stall of the work they measure. A histogram records a
// delay when its timer fires: its first firing only sets its starting point, and a stall is recorded
// at the firing after it. Work started right after enable(), or a histogram disabled right after the
// work, missed it (a 100 ms block read ~1 ms).
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** An enabled histogram, handed out once it has recorded a first delay. */
export async function armedEventLoopHistogram(resolutionMs: number): Promise<IntervalHistogram> {
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  while (histogram.count === 0) await sleep(1);
  return histogram;
}

/** The longest stall (ms), once the timer has fired again after the work; the histogram is disabled. */
export async function longestStall(histogram: IntervalHistogram): Promise<number> {
  const count = histogram.count;
  while (histogram.count === count) await sleep(1);
  histogram.disable();
  return histogram.max / 1e6;
}
