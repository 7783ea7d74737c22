import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { penceToPounds, poundsToPence } from '@krowd/domain/money/money.rules';

export type PenceFieldProps<Values extends FieldValues> = Omit<
  NumberInputProps,
  'value' | 'onChange' | 'error'
> & {
  control: Control<Values>;
  name: Path<Values>;
};

/**
 * A money input for the one form pattern whose value is whole pence (the overview's figures are
 * pence on both sides): it shows and takes pounds with two decimals; emptied, it stores ''.
 */
export function PenceField<Values extends FieldValues>({ control, name, ...props }: PenceFieldProps<Values>) {
  const {
    field: { ref, onBlur, onChange, value },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <NumberInput
      prefix="£"
      decimalScale={2}
      fixedDecimalScale
      min={0}
      thousandSeparator=","
      {...props}
      ref={ref}
      onBlur={onBlur}
      value={typeof value === 'number' ? penceToPounds(value) : ''}
      onChange={(next) => {
        const pounds = typeof next === 'number' ? next : next.trim() === '' ? Number.NaN : Number(next);
        onChange(Number.isFinite(pounds) ? poundsToPence(pounds) : '');
      }}
      error={error?.message}
    />
  );
}
