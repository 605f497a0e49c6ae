import { Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { BUCKET_KEYS, bucketAt, labelStep, moveBucket, niceTicks } from '../lib/chart-scale';

// The dashboard's two charts, drawn as plain SVG: recharts (through @mantine/charts) was half a
// megabyte of script and a few hundred milliseconds of render on a cold /dashboard (issue 18, see
// docs/decisions.md). Bars per bucket, or lines joining the buckets that have a value; a legend,
// a tooltip for the bucket under the pointer or chosen with the arrow keys, and the same figures
// as a table for screen readers.

export interface ChartSeries {
  name: string;
  /** A CSS colour, e.g. var(--mantine-color-teal-6). */
  color: string;
  /** One value per label; null draws nothing there (lines join the values around it). */
  values: readonly (number | null)[];
}

interface ChartProps {
  kind: 'bars' | 'lines';
  /** What the chart shows (its card's title): its accessible name. */
  title: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Appended to the axis' and the tooltip's values, e.g. " min". */
  unit?: string;
  height?: number;
}

const MARGIN = { top: 10, right: 12, bottom: 24 };
const GRID = 'var(--mantine-color-gray-3)';
const AXIS_TEXT = 'var(--mantine-color-dimmed)';

/** The element's width, read before the first paint and whenever it is resized. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

const show = (v: number | null, unit: string) => (v === null ? '—' : `${v.toLocaleString()}${unit}`);

export function AnalyticsChart({ kind, title, labels, series, unit = '', height = 240 }: ChartProps) {
  const { ref, width } = useWidth<HTMLElement>();
  const [active, setActive] = useState<number | null>(null);
  const n = labels.length;
  const max = Math.max(0, ...series.flatMap((s) => s.values.filter((v): v is number => v !== null)));
  const ticks = niceTicks(max);
  const top = ticks.at(-1)!;
  const tickText = ticks.map((t) => `${t.toLocaleString()}${unit}`);
  // Room for the longest y label (about 7 px a character at the axis' 11 px).
  const left = Math.max(...tickText.map((t) => t.length)) * 7 + 10;
  const plotWidth = Math.max(0, width - left - MARGIN.right);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const band = n === 0 ? 0 : plotWidth / n;
  const xOf = (i: number) => left + band * i + band / 2;
  const yOf = (v: number) => MARGIN.top + plotHeight - (v / top) * plotHeight;
  const step = labelStep(n, plotWidth);

  const onKeyDown = (e: KeyboardEvent) => {
    if (n === 0 || !BUCKET_KEYS.has(e.key)) return;
    e.preventDefault();
    setActive((i) => moveBucket(e.key, i, n));
  };

  return (
    <div>
      <figure
        ref={ref}
        style={{ position: 'relative', height, margin: 0 }}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys choose the bucket the tooltip shows.
        tabIndex={0}
        aria-label={title}
        data-chart={kind}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((i) => i ?? (n > 0 ? n - 1 : null))}
        onBlur={() => setActive(null)}
        onMouseLeave={() => setActive(null)}
        onMouseMove={(e) => {
          const x = e.clientX - e.currentTarget.getBoundingClientRect().left - left;
          setActive(x < 0 || x > plotWidth ? null : bucketAt(x, plotWidth, n));
        }}
      >
        {width > 0 && (
          <svg width={width} height={height} aria-hidden="true" style={{ display: 'block' }}>
            {ticks.map((t, k) => (
              <g key={t}>
                <line
                  x1={left}
                  x2={left + plotWidth}
                  y1={yOf(t)}
                  y2={yOf(t)}
                  stroke={GRID}
                  strokeDasharray="5 5"
                />
                <text x={left - 6} y={yOf(t)} dy="0.32em" textAnchor="end" fontSize={11} fill={AXIS_TEXT}>
                  {tickText[k]}
                </text>
              </g>
            ))}
            {labels.map((label, i) =>
              i % step === 0 ? (
                <text
                  key={label}
                  // Kept inside the chart: about 6.2 px a character at 11 px.
                  x={Math.min(Math.max(xOf(i), (label.length * 6.2) / 2), width - (label.length * 6.2) / 2)}
                  y={height - 6}
                  textAnchor="middle"
                  fontSize={11}
                  fill={AXIS_TEXT}
                >
                  {label}
                </text>
              ) : null,
            )}
            {active !== null && (
              <rect
                x={left + band * active}
                y={MARGIN.top}
                width={band}
                height={plotHeight}
                fill="var(--mantine-color-gray-1)"
              />
            )}
            {kind === 'bars'
              ? series.map((s, k) => {
                  const barWidth = (band * 0.7) / series.length;
                  return s.values.map((v, i) =>
                    v === null || v <= 0 ? null : (
                      <rect
                        // biome-ignore lint/suspicious/noArrayIndexKey: a bucket's position is its identity.
                        key={`${k}-${i}`}
                        data-bar=""
                        x={left + band * i + band * 0.15 + barWidth * k}
                        y={yOf(v)}
                        width={Math.max(1, barWidth - 1)}
                        height={plotHeight + MARGIN.top - yOf(v)}
                        rx={2}
                        fill={s.color}
                      />
                    ),
                  );
                })
              : series.map((s) => {
                  const points = s.values.flatMap((v, i) => (v === null ? [] : [[xOf(i), yOf(v)] as const]));
                  if (points.length === 0) return null;
                  return (
                    <g key={s.name}>
                      <path
                        data-line=""
                        d={points.map(([x, y], k) => `${k === 0 ? 'M' : 'L'}${x},${y}`).join('')}
                        fill="none"
                        stroke={s.color}
                        strokeWidth={2}
                      />
                      {points.map(([x, y]) => (
                        <circle key={x} cx={x} cy={y} r={3} fill={s.color} />
                      ))}
                    </g>
                  );
                })}
          </svg>
        )}
        {active !== null && (
          <Paper
            withBorder
            shadow="sm"
            p={8}
            // What it says, screen readers find in the table below.
            aria-hidden="true"
            style={{
              position: 'absolute',
              top: MARGIN.top,
              // Beside the bucket, on the side with room.
              left: xOf(active) < width / 2 ? xOf(active) + band / 2 + 8 : undefined,
              right: xOf(active) < width / 2 ? undefined : width - (xOf(active) - band / 2) + 8,
              pointerEvents: 'none',
              whiteSpace: 'nowrap',
            }}
          >
            <Text size="xs" fw={600}>
              {labels[active]}
            </Text>
            {series.map((s) => (
              <Group key={s.name} gap={6} wrap="nowrap">
                <span style={{ width: 8, height: 8, borderRadius: 4, background: s.color }} />
                <Text size="xs">
                  {s.name}: {show(s.values[active] ?? null, unit)}
                </Text>
              </Group>
            ))}
          </Paper>
        )}
      </figure>
      <Group gap="md" mt={4} justify="center" aria-hidden="true">
        {series.map((s) => (
          <Group key={s.name} gap={6} wrap="nowrap">
            <span style={{ width: 10, height: 10, borderRadius: 2, background: s.color }} />
            <Text size="xs" c="dimmed">
              {s.name}
            </Text>
          </Group>
        ))}
      </Group>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <td />
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.name}>{show(s.values[i] ?? null, unit)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </div>
  );
}
