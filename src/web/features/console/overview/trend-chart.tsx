import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TrendSeries {
  label: string;
  values: number[];
  /** A CSS colour, custom properties included (read from the page when drawn). */
  color: string;
  isDashed?: boolean;
}

/** A CSS colour of the page, custom properties resolved: the canvas takes only concrete colours. */
function resolveColor(element: HTMLElement, color: string): string {
  const name = /^var\((--[^)]+)\)$/.exec(color)?.[1];
  if (!name) return color;
  return getComputedStyle(element).getPropertyValue(name).trim() || '#666';
}

const HEIGHT = 180;

/**
 * A small line chart of a few series over the same x positions (days or weeks), drawn by uPlot on
 * a canvas. The canvas is hidden from assistive technology: the card around it states the figures
 * in words (trends-section.tsx).
 */
export function TrendChart(props: {
  labels: string[];
  series: TrendSeries[];
  formatValue: (value: number) => string;
  /** Counts: ticks on whole numbers only. */
  isCount?: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const { labels, series, formatValue, isCount = false } = props;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const text = resolveColor(element, 'var(--mantine-color-dimmed)');
    const grid = resolveColor(element, 'var(--mantine-color-default-border)');
    const x = labels.map((_, index) => index);
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: true, drag: { x: false, y: false } },
        scales: {
          x: { time: false },
          y: { range: (_u, _min, max) => [0, Math.max(max, isCount ? 1 : 100) * 1.1] },
        },
        axes: [
          {
            stroke: text,
            grid: { show: false },
            ticks: { stroke: grid },
            // Whole positions only: a label is a day's or a week's.
            incrs: [1, 2, 3, 7, 14, 28, 56, 91],
            values: (_u, splits) => splits.map((split) => labels[Math.round(split)] ?? ''),
          },
          {
            stroke: text,
            grid: { stroke: grid, width: 1 },
            ticks: { show: false },
            size: isCount ? 40 : 80,
            // Whole counts, and whole dollars (cents) for money.
            incrs: [
              1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000,
            ].map((step) => step * (isCount ? 1 : 100)),
            values: (_u, splits) => splits.map((split) => formatValue(split)),
          },
        ],
        series: [
          {},
          ...series.map((entry) => ({
            label: entry.label,
            stroke: resolveColor(element, entry.color),
            width: 2,
            points: { show: labels.length <= 14 },
            ...(entry.isDashed ? { dash: [6, 4] } : {}),
          })),
        ],
      },
      [x, ...series.map((entry) => entry.values)],
      element,
    );
    const resize = new ResizeObserver(() => {
      plot.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, series, formatValue, isCount]);

  return <div ref={container} aria-hidden="true" className="trend-chart" />;
}
