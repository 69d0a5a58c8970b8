import { PieChart } from '@mui/x-charts/PieChart';

export interface DonutSlice {
  id: string;
  value: number;
  label: string;
  color: string;
}

/** A ring chart with its legend at the end, for counts by status. */
export function DonutChart({
  slices,
  format,
}: {
  slices: readonly DonutSlice[];
  format: (value: number) => string;
}) {
  return (
    <PieChart
      series={[
        {
          data: [...slices],
          innerRadius: 60,
          outerRadius: 110,
          paddingAngle: 2,
          cornerRadius: 4,
          valueFormatter: (item) => format(item.value),
        },
      ]}
      slotProps={{
        legend: {
          direction: 'vertical',
          position: { vertical: 'middle', horizontal: 'end' },
        },
      }}
    />
  );
}
