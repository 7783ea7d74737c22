import { useState } from 'react';
import {
  get,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * A settings form that is read-only until Edit (spec 2 §2.8). Cancel puts the loaded values back;
 * a save puts the saved ones and makes the form read-only again.
 */
export function useEditMode<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
) {
  const [editing, setEditing] = useState(false);
  const readOnly = !editing;
  return {
    editing,
    readOnly,
    handleEdit: () => setEditing(true),
    handleCancel: () => {
      form.reset();
      setEditing(false);
    },
    handleSaved: (values: DefaultValues<Values>) => {
      form.reset(values);
      setEditing(false);
    },
    /** A field's props: filled while read-only, so the form looks it; its error; its registration. */
    fieldProps: (name: Path<Values>) => ({
      readOnly,
      variant: readOnly ? 'filled' : 'default',
      error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
      ...form.register(name),
    }),
  };
}
