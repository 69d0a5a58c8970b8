import { useTheme } from '@mui/material/styles';
import { useDrawingArea } from '@mui/x-charts/hooks';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslation } from 'react-i18next';

export interface DonutSlice {
  id: string;
  value: number;
  label: string;
  color: string;
}

/** The gap between slices; a lone slice is a closed ring (a gap there reads as a missing part). */
export const donutPaddingAngle = (slices: readonly DonutSlice[]) =>
  slices.filter((slice) => slice.value > 0).length > 1 ? 2 : 0;

/** The total in the middle of the ring, with a small caption under it. */
function DonutTotal({ value, caption }: { value: string; caption: string }) {
  const { left, top, width, height } = useDrawingArea();
  const theme = useTheme();
  const x = left + width / 2;
  const y = top + height / 2;
  return (
    <g aria-hidden>
      <text
        x={x}
        y={y - 6}
        textAnchor="middle"
        dominantBaseline="central"
        style={{ fontSize: 26, fontWeight: 600, fill: theme.vars.palette.text.primary }}
      >
        {value}
      </text>
      <text
        x={x}
        y={y + 18}
        textAnchor="middle"
        dominantBaseline="central"
        style={{ fontSize: 13, fill: theme.vars.palette.text.secondary }}
      >
        {caption}
      </text>
    </g>
  );
}

/** A ring chart with its total in the centre and its legend at the end, for counts by status. */
export function DonutChart({
  slices,
  format,
}: {
  slices: readonly DonutSlice[];
  format: (value: number) => string;
}) {
  const { t } = useTranslation();
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const single = donutPaddingAngle(slices) === 0;
  return (
    <PieChart
      series={[
        {
          data: [...slices],
          innerRadius: 60,
          outerRadius: 110,
          paddingAngle: donutPaddingAngle(slices),
          cornerRadius: single ? 0 : 4,
          valueFormatter: (item) => format(item.value),
        },
      ]}
      slotProps={{
        legend: {
          direction: 'vertical',
          position: { vertical: 'middle', horizontal: 'end' },
        },
      }}
    >
      <DonutTotal value={format(total)} caption={t('customers.dashboard.charts.total')} />
    </PieChart>
  );
}
