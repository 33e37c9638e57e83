import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './admin-analytics.module.css';

export interface ChartSeries {
  label: string;
  /** CSS colour of the line and its points. */
  color: string;
  values: readonly (number | null)[];
  dash?: number[];
  /** Filled bars instead of a line. */
  bars?: boolean;
}

export interface ChartProps {
  title: string;
  /** The x axis: one label per day, in order. */
  days: readonly string[];
  dayLabel: (day: string) => string;
  /** The y axis and the legend's live values, in the language on screen. */
  format: (value: number) => string;
  dayHeader: string;
  series: readonly ChartSeries[];
  testId?: string;
}

const HEIGHT = 240;
const AXIS = '#a9bdb0';
const GRID = 'rgba(240, 200, 90, 0.1)';
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * A uPlot chart of per-day figures (drawn on a canvas, for sighted readers: the same figures are in
 * the page's table). The legend under it shows the values of the day under the pointer.
 */
export function AnalyticsChart({ title, days, dayLabel, format, dayHeader, series, testId }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const x = days.map((_, i) => i);
    const bars = uPlot.paths.bars?.({ size: [0.6, 28] });
    const options: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height: HEIGHT,
      scales: {
        x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
        y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
      },
      series: [
        { label: dayHeader, value: (_u, v) => (v === null || days[v] === undefined ? '—' : dayLabel(days[v]!)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          dash: s.dash,
          fill: s.bars ? `${s.color}55` : undefined,
          paths: s.bars ? bars : undefined,
          points: { show: !s.bars && days.length <= 62, size: 5, fill: s.color },
          spanGaps: true,
          value: (_u: uPlot, v: number | null) => (v === null || v === undefined ? '—' : format(v)),
        })),
      ],
      axes: [
        {
          stroke: AXIS,
          font: FONT,
          grid: { show: false },
          ticks: { stroke: GRID },
          space: 52,
          incrs: [1, 2, 7, 14, 28, 56, 91, 182],
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && days[i] !== undefined ? dayLabel(days[i]!) : '')),
        },
        {
          stroke: AXIS,
          font: FONT,
          size: 72,
          grid: { stroke: GRID, width: 1 },
          ticks: { stroke: GRID },
          values: (_u, splits) => splits.map((v) => format(v)),
        },
      ],
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    };
    const chart = new uPlot(options, [x, ...series.map((s) => s.values.map((v) => v))] as uPlot.AlignedData, el);
    const resized = new ResizeObserver(() => {
      const width = Math.max(el.clientWidth, 200);
      if (width !== chart.width) chart.setSize({ width, height: HEIGHT });
    });
    resized.observe(el);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [days, dayLabel, format, dayHeader, series]);

  return (
    <figure className={`panel ${styles.chart}`} aria-labelledby={titleId} data-testid={testId}>
      <figcaption id={titleId} className={styles.chartTitle}>
        {title}
      </figcaption>
      {/* Charts read left to right in every language; the table below carries the same figures for screen readers. */}
      <div ref={box} className={styles.plot} dir="ltr" aria-hidden="true" />
    </figure>
  );
}
