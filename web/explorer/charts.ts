/**
 * The two charts (uPlot, numeric axes): the depth chart — cumulative size against a true price
 * axis, bids stepping down to the left of the spread and asks up to the right — and the price
 * history (`/prices-history` points against time). Colours come from the page's CSS variables,
 * so both follow the light or dark scheme; both follow their container's width.
 */
import uPlot from 'uplot';
import type { Level } from './api.js';

function css(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

function axis(label: string, extra: Partial<uPlot.Axis> = {}): uPlot.Axis {
  return { label, stroke: css('--muted'), grid: { stroke: css('--grid'), width: 1 }, ticks: { stroke: css('--grid'), width: 1 }, ...extra };
}

function sized(el: HTMLElement, plot: uPlot, height: number): ResizeObserver {
  const ro = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height }));
  ro.observe(el);
  return ro;
}

const priceTicks = (_u: uPlot, splits: number[]) => splits.map((v) => `${(v * 100).toFixed(0)}¢`);

/** x = the union of both sides' prices; bids[i] = size at prices ≥ x (x ≤ best bid), asks[i] = size at prices ≤ x (x ≥ best ask). */
export function depthData(bids: Level[], asks: Level[]): uPlot.AlignedData {
  const b = bids.map((l) => [Number(l.price), Number(l.size)] as const).sort((x, y) => y[0] - x[0]);
  const a = asks.map((l) => [Number(l.price), Number(l.size)] as const).sort((x, y) => x[0] - y[0]);
  const xs = [...new Set([...b.map((l) => l[0]), ...a.map((l) => l[0])])].sort((x, y) => x - y);
  const bidCum = new Map<number, number>(); let n = 0;
  for (const [p, s] of b) bidCum.set(p, (n += s));
  const askCum = new Map<number, number>(); n = 0;
  for (const [p, s] of a) askCum.set(p, (n += s));
  return [xs, xs.map((x) => bidCum.get(x) ?? null), xs.map((x) => askCum.get(x) ?? null)];
}

export class DepthChart {
  private readonly plot: uPlot;
  private readonly ro: ResizeObserver;

  constructor(el: HTMLElement) {
    const bid = css('--bid'); const ask = css('--ask');
    this.plot = new uPlot({
      width: Math.max(200, el.clientWidth), height: 220,
      scales: {
        x: { time: false, range: (_u, min, max) => (min === null || max === null || !Number.isFinite(min) ? [0, 1] : [Math.max(0, min - 0.02), Math.min(1, max + 0.02)]) },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1] },
      },
      axes: [axis('price', { values: priceTicks }), axis('cumulative size', { size: 60 })],
      series: [
        { label: 'price', value: (_u, v) => (v === null ? '–' : `${(v * 100).toFixed(1)}¢`) },
        { label: 'bids', stroke: bid, fill: `${bid}40`, width: 2, paths: uPlot.paths.stepped!({ align: -1 }), points: { show: false } },
        { label: 'asks', stroke: ask, fill: `${ask}40`, width: 2, paths: uPlot.paths.stepped!({ align: 1 }), points: { show: false } },
      ],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
    }, [[], [], []], el);
    this.ro = sized(el, this.plot, 220);
  }

  /** Redraws; the container's `data-prices` lists the price axis points drawn (for tests and curious readers). */
  update(bids: Level[], asks: Level[]): void {
    const data = depthData(bids, asks);
    this.plot.setData(data);
    this.plot.root.parentElement!.dataset.prices = (data[0] as number[]).join(',');
  }

  destroy(): void { this.ro.disconnect(); this.plot.destroy(); }
}

export class HistoryChart {
  private readonly plot: uPlot;
  private readonly ro: ResizeObserver;

  constructor(el: HTMLElement) {
    this.plot = new uPlot({
      width: Math.max(200, el.clientWidth), height: 220,
      scales: { y: { range: (_u, min, max) => [Math.max(0, (min ?? 0) - 0.05), Math.min(1, (max ?? 1) + 0.05)] } },
      axes: [axis('time'), axis('price', { values: priceTicks, size: 50 })],
      series: [{ label: 'time' }, { label: 'price', stroke: css('--accent'), width: 2, value: (_u, v) => (v === null ? '–' : `${(v * 100).toFixed(1)}¢`) }],
      legend: { show: false },
    }, [[], []], el);
    this.ro = sized(el, this.plot, 220);
  }

  update(points: Array<{ t: number; p: number }>): void { this.plot.setData([points.map((x) => x.t), points.map((x) => x.p)]); }

  destroy(): void { this.ro.disconnect(); this.plot.destroy(); }
}
