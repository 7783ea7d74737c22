import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

const kinds = {
  /** Pounds with pence: £, two decimals. */
  pounds: { min: 0, decimalScale: 2, prefix: '£' },
  /** A whole percent from 1 to 100. */
  percent: { min: 1, max: 100, allowDecimal: false },
} satisfies Record<string, Partial<NumberInputProps>>;

export type NumberFieldProps<Values extends FieldValues> = Omit<
  NumberInputProps,
  'value' | 'onChange' | 'error'
> & {
  control: Control<Values>;
  name: Path<Values>;
  kind?: keyof typeof kinds;
  /** What an emptied input stores: '' (the form's "not given") or undefined. */
  blank?: '' | undefined;
};

/** A number input bound to the one form pattern (react-hook-form), its error from the schema. */
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
      {...props}
      ref={ref}
      onBlur={onBlur}
      value={value ?? ''}
      onChange={(next) => onChange(next === '' ? blank : Number(next))}
      error={error?.message}
    />
  );
}
