import { theme } from "antd";
import { useId } from "react";

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  values: readonly number[];
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };

/** A round upper bound for the y axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * A small SVG line chart of daily series over shared x labels (dates): the y axis from 0 to a round
 * maximum with three grid lines, the first, middle and last labels under the x axis, and each point
 * titled with its date, series and value (a hover hint). It scales
 * with its container (viewBox).
 */
export function LineChart({
  labels,
  series,
  title,
}: {
  labels: readonly string[];
  series: readonly ChartSeries[];
  title: string;
}) {
  const { token } = theme.useToken();
  const titleId = useId();
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (labels.length <= 1 ? innerW / 2 : (i * innerW) / (labels.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = [0, max / 2, max];
  const shown =
    labels.length > 2 ? [0, Math.floor((labels.length - 1) / 2), labels.length - 1] : labels.map((_, i) => i);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      style={{ width: "100%", height: "auto", display: "block" }}
      data-testid="line-chart"
    >
      <title id={titleId}>{title}</title>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke={token.colorBorderSecondary} />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill={token.colorTextTertiary}>
            {Number.isInteger(tick) ? tick : tick.toFixed(1)}
          </text>
        </g>
      ))}
      {shown.map((i) => (
        <text
          key={labels[i]}
          x={x(i)}
          y={HEIGHT - 8}
          textAnchor={i === 0 ? "start" : i === labels.length - 1 ? "end" : "middle"}
          fontSize={11}
          fill={token.colorTextTertiary}
        >
          {labels[i]}
        </text>
      ))}
      {series.map((s) => (
        <g key={s.key} data-series={s.key}>
          <polyline
            fill="none"
            stroke={s.color}
            strokeWidth={2}
            strokeLinejoin="round"
            points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(" ")}
          />
          {s.values.map((v, i) => (
            <circle key={labels[i]} cx={x(i)} cy={y(v)} r={labels.length > 45 ? 1.5 : 3} fill={s.color}>
              <title>{`${labels[i]} ${s.label}: ${v}`}</title>
            </circle>
          ))}
        </g>
      ))}
    </svg>
  );
}
