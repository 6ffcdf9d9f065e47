import '@mantine/dates/styles.css';
import { DatePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';

/**
 * The calendar of `CampoData`, in a chunk of its own (@mantine/dates with dayjs): loaded when a calendar is first
 * opened, not with the screen (the dashboard's first load has a budget, bench/primeira-carga.ts).
 */
export default function SeletorDia({ dia, escolher }: { dia: string | null; escolher: (dia: string) => void }) {
  return (
    <DatePicker
      locale="pt-br"
      // Brazilian calendars start on Sunday.
      firstDayOfWeek={0}
      value={dia}
      defaultDate={dia ?? undefined}
      onChange={(d) => d && escolher(d)}
      getDayAriaLabel={(d) => dayjs(d).locale('pt-br').format('D [de] MMMM [de] YYYY')}
      ariaLabels={{
        previousMonth: 'Mês anterior',
        nextMonth: 'Próximo mês',
        previousYear: 'Ano anterior',
        nextYear: 'Próximo ano',
        previousDecade: 'Década anterior',
        nextDecade: 'Próxima década',
        monthLevelControl: 'Escolher o mês',
        yearLevelControl: 'Escolher o ano',
      }}
    />
  );
}
