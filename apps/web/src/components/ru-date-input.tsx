// The Russian calendar and the picker's styles travel with the one date field (lazy CRM chunks only).
import '@mantine/dates/styles.css';
import 'dayjs/locale/ru';
import { DatePickerInput, DatesProvider, type DatePickerInputProps } from '@mantine/dates';
import { CALENDAR_DAYS } from '@app/contracts';

/**
 * The one date field of the app: Mantine's picker in Russian (Monday first, «дд.мм.гггг»), never the browser's
 * `type="date"` (mm/dd/yyyy in some browsers). The value is an ISO day `YYYY-MM-DD` or null, as the API takes it.
 * Its calendar ends where the API's does (2000–2100, decision 099), unless a field narrows it further.
 */
export function RuDateInput({
  value,
  onChange,
  ...props
}: {
  value: string | null;
  onChange: (value: string | null) => void;
} & Omit<DatePickerInputProps<'default'>, 'value' | 'onChange' | 'type'>) {
  return (
    <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      <DatePickerInput
        valueFormat="DD.MM.YYYY"
        placeholder="дд.мм.гггг"
        minDate={CALENDAR_DAYS.first}
        maxDate={CALENDAR_DAYS.last}
        {...props}
        value={value || null}
        onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
      />
    </DatesProvider>
  );
}
