import '@mantine/dates/styles.css';
import { DateInput, MonthPickerInput, type DateInputProps, type MonthPickerInputProps } from '@mantine/dates';
import {
  dateFormats,
  dateTimeFormat,
  parseDateInput,
  parseDateTimeInput,
} from '@krowd/domain/calendar/date-format.rules';
import type { IsoDate, IsoMonth } from '@krowd/domain/campaign/campaign-dates.rules';

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'placeholder'
> & {
  /** 'date' (DD/MM/YYYY) everywhere but the dashboard's Date Range ('dashboardDate', yyyy-MM-dd). */
  kind?: 'date' | 'dashboardDate';
  /** 'YYYY-MM-DD', or '' for none. */
  value: IsoDate | '';
  onChange: (value: IsoDate | '') => void;
};

/**
 * A date typed or picked in the spec's format for where it is (the domain's one date-format rule,
 * `dateFormats`); it holds and gives 'YYYY-MM-DD' whatever it shows. Text in another format is
 * not read as a date.
 */
export function DateField({ kind = 'date', value, onChange, ...props }: DateFieldProps) {
  return (
    <DateInput
      {...props}
      valueFormat={dateFormats[kind]}
      placeholder={dateFormats[kind]}
      dateParser={(text) => parseDateInput(text, kind)}
      value={value || null}
      onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
    />
  );
}

export type MonthFieldProps = Omit<
  MonthPickerInputProps,
  'value' | 'onChange' | 'valueFormat' | 'placeholder' | 'minDate' | 'maxDate' | 'type'
> & {
  /** 'YYYY-MM', or '' for none. */
  value: IsoMonth | '';
  onChange: (value: IsoMonth | '') => void;
  /** The first and last months offered ('YYYY-MM'). */
  minMonth?: IsoMonth;
  maxMonth?: IsoMonth;
};

/** A month picked as MM/YYYY (spec 1 §9, spec 2 §9); it holds and gives 'YYYY-MM'. */
export function MonthField({ value, onChange, minMonth, maxMonth, ...props }: MonthFieldProps) {
  return (
    <MonthPickerInput
      {...props}
      valueFormat={dateFormats.month}
      placeholder={dateFormats.month}
      minDate={minMonth ? `${minMonth}-01` : undefined}
      maxDate={maxMonth ? `${maxMonth}-01` : undefined}
      value={value ? `${value}-01` : null}
      onChange={(next) => onChange(next ? next.slice(0, 7) : '')}
    />
  );
}

export type DateTimeFieldProps = Omit<
  DateInputProps,
  'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'placeholder' | 'withTime'
> & {
  /** The local 'YYYY-MM-DDTHH:mm' (an HTML date-time input's value), or '' for none. */
  value: string;
  onChange: (value: string) => void;
};

/** A date and time typed or picked as DD/MM/YYYY HH:mm; it holds and gives 'YYYY-MM-DDTHH:mm'. */
export function DateTimeField({ value, onChange, ...props }: DateTimeFieldProps) {
  const mantineValue = (local: string) => `${local.replace('T', ' ')}:00`;
  return (
    <DateInput
      {...props}
      valueFormat={dateTimeFormat}
      placeholder={dateTimeFormat}
      withTime
      dateParser={(text) => {
        const local = parseDateTimeInput(text);
        return local ? mantineValue(local) : null;
      }}
      value={value ? mantineValue(value) : null}
      onChange={(next) => onChange(next ? next.slice(0, 16).replace(' ', 'T') : '')}
    />
  );
}
