// The funnel by day: three bars a day (opened, codes, saved). Its own chunk: recharts loads only with it.
import { Box } from '@mui/material';
import { Bar, BarChart, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayMonth } from '../lists/format';
import type { FunnelSummary } from '../../contract/savedOrders';

export default function FunnelChart({
  days,
  labels,
  rtl,
  locale = rtl ? 'ar' : 'en',
}: {
  days: FunnelSummary['days'];
  labels: { views: string; codes: string; saves: string; chart: string };
  rtl: boolean;
  locale?: string;
}) {
  const data = days.map((d) => ({ ...d, label: dayMonth(d.day, locale) }));
  return (
    <Box
      sx={{ mt: 2, width: '100%', minWidth: 0 }}
      role="img"
      aria-label={labels.chart}
      data-testid="funnel-chart"
      dir="ltr"
    >
      <ResponsiveContainer width="100%" height={200} minWidth={0}>
        <BarChart
          data={rtl ? [...data].reverse() : data}
          margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
          barCategoryGap="15%"
        >
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={32} orientation={rtl ? 'right' : 'left'} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="views" name={labels.views} fill="#90a4ae" isAnimationActive={false} />
          <Bar dataKey="codes" name={labels.codes} fill="#4fc3f7" isAnimationActive={false} />
          <Bar dataKey="saves" name={labels.saves} fill="#2e7d32" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
