// A horizontal bar chart drawn on the server as SVG (no JavaScript) — the chart kit of every statistics screen
// (award, IBDA, contest, market) — with a <title> and a <desc> that reads the numbers out, and the same numbers
// in a data table beside it for anyone who cannot see the bars. Colours come from members.css (strict CSP).
import { Table } from "../ui/Table.tsx";
import type { State } from "../../state.ts";

export interface ChartItem {
  label: string;
  value: number;
}

const WIDTH = 440;
const LABEL = 175;
const VALUE_ROOM = 84;
const ROW = 32;
const BAR = 20;

export function BarChart(
  { state, id, title, items, format = String, valueHeader }: {
    state: State;
    id: string;
    title: string;
    items: ChartItem[];
    format?: (value: number) => string;
    valueHeader: string;
  },
) {
  const { t } = state;
  const max = Math.max(0, ...items.map((i) => i.value));
  const scale = (v: number) => (max > 0 ? Math.round((v / max) * (WIDTH - LABEL - VALUE_ROOM)) : 0);
  const height = Math.max(1, items.length) * ROW + 8;
  const desc = t("awardAdmin.stats.chartDesc", {
    title,
    items: items.map((i) => t("awardAdmin.stats.item", { label: i.label, value: format(i.value) })).join(", "),
  });
  return (
    <figure class="aw-chart" aria-labelledby={`${id}-caption`}>
      <figcaption class="aw-chart-title" id={`${id}-caption`}>{title}</figcaption>
      <div class="aw-chart-body">
        <svg
          class="aw-chart-svg"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${WIDTH} ${height}`}
          width={WIDTH}
          height={height}
          xmlns="http://www.w3.org/2000/svg"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{desc}</desc>
          <line class="aw-chart-axis" x1={LABEL} y1={0} x2={LABEL} y2={height} stroke="#c8ccd4" />
          {items.length === 0 && (
            <text x={LABEL + 8} y={ROW / 2 + 5} font-size="14" class="aw-chart-value">
              {t("awardAdmin.stats.noData")}
            </text>
          )}
          {items.map((item, i) => {
            const y = i * ROW + 4;
            const w = scale(item.value);
            return (
              <g key={item.label} class="aw-chart-row">
                <text x={LABEL - 8} y={y + BAR / 2 + 5} text-anchor="end" font-size="13" class="aw-chart-label">
                  {item.label.length > 20 ? `${item.label.slice(0, 19)}…` : item.label}
                </text>
                <rect
                  x={LABEL}
                  y={y}
                  width={w}
                  height={BAR}
                  rx={3}
                  class={`aw-bar aw-bar-${i % 6}`}
                  fill="#2f5fd0"
                  data-value={item.value}
                />
                <text x={LABEL + w + 6} y={y + BAR / 2 + 5} font-size="14" class="aw-chart-value">
                  {format(item.value)}
                </text>
              </g>
            );
          })}
        </svg>
        <Table
          caption={title}
          captionHidden
          class="aw-chart-table"
          rows={items}
          rowKey={(i) => i.label}
          empty={t("awardAdmin.stats.noData")}
          columns={[
            { header: t("awardAdmin.stats.label"), rowHeader: true, align: "start", cell: (i) => i.label },
            { header: valueHeader, align: "end", class: "nowrap", cell: (i) => format(i.value) },
          ]}
        />
      </div>
    </figure>
  );
}
