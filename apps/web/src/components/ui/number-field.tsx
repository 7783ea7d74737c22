import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { percentToBasisPoints } from '@krowd/domain/incrementality/holdout.rules';
import { penceToPounds, poundsToPence } from '@krowd/domain/money/money.rules';

const kinds = {
  /** Pounds with pence: £, two decimals. */
  pounds: { min: 0, decimalScale: 2, prefix: '£' },
  /** Whole pence, shown and typed as pounds with two decimals. */
  pence: { min: 0, decimalScale: 2, fixedDecimalScale: true, prefix: '£', thousandSeparator: ',' },
  /** A whole percent from 1 to 100. */
  percent: { min: 1, max: 100, allowDecimal: false },
  /** Basis points, shown and typed as a percent with up to two decimals (10% is 1,000). */
  basisPoints: { min: 0, decimalScale: 2, suffix: '%' },
} satisfies Record<string, Partial<NumberInputProps>>;

type Kind = keyof typeof kinds;

export type NumberFieldProps<Values extends FieldValues> = Omit<
  NumberInputProps,
  'value' | 'onChange' | 'error'
> & {
  control: Control<Values>;
  name: Path<Values>;
  kind?: Kind;
  /** What an emptied input stores: '' (the form's "not given") or undefined. */
  blank?: '' | undefined;
};

/** What the input shows of the stored value: pence show as pounds, basis points as a percent. */
function shownOf(value: unknown, kind: Kind | undefined) {
  if (kind === 'basisPoints') return typeof value === 'number' ? value / 100 : '';
  if (kind !== 'pence') return (value as number | string | undefined) ?? '';
  return typeof value === 'number' ? penceToPounds(value) : '';
}

/** What a typed value stores: pence from pounds (blank when not a number), else the number. */
function storedOf(next: number | string, kind: Kind | undefined, blank: '' | undefined) {
  if (kind === 'basisPoints') return next === '' ? blank : percentToBasisPoints(Number(next));
  if (kind !== 'pence') return next === '' ? blank : Number(next);
  const pounds = typeof next === 'number' ? next : next.trim() === '' ? Number.NaN : Number(next);
  return Number.isFinite(pounds) ? poundsToPence(pounds) : blank;
}

/**
 * A number input bound to the one form pattern (react-hook-form), its error from the schema. A value
 * out of range stays as typed, so the schema refuses it naming the field, rather than the input
 * quietly changing 150% into 100% or a fee of -5 into 0.
 */
export function NumberField<Values extends FieldValues>({
  control,
  name,
  kind,
  blank = '',
  ...props
}: NumberFieldProps<Values>) {
  const {
    field: { ref, onBlur, onChange, value },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <NumberInput
      {...(kind ? kinds[kind] : {})}
      clampBehavior="none"
      {...props}
      ref={ref}
      onBlur={onBlur}
      value={shownOf(value, kind)}
      onChange={(next) => onChange(storedOf(next, kind, blank))}
      error={error?.message}
    />
  );
}
