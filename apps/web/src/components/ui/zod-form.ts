import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';

export interface ZodFormOptions {
  /**
   * What the schema needs loaded before it can check a value (a password form's checks,
   * lib/password-checks.ts): begun when the form opens, awaited before every validation.
   */
  ready?: () => Promise<unknown>;
}

/**
 * The one form pattern: react-hook-form driven by a domain zod schema (the same schema the API
 * validates with; zod or zod/mini). Fields are checked when left, then as they change.
 */
export function useZodForm<Schema extends z.core.$ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  options: ZodFormOptions = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  const { ready } = options;
  useEffect(() => {
    void ready?.();
  }, [ready]);
  // zodResolver's overloads cannot see through a generic schema; the types are the schema's own.
  const resolver = zodResolver(schema) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: ready
      ? async (...args) => {
          await ready();
          return resolver(...args);
        }
      : resolver,
    defaultValues,
    mode: 'onTouched',
  });
}

/**
 * The message to show under the form for a failed call; the server's per-field messages, if any,
 * go onto the fields they name.
 */
export function serverErrorOf<Values extends FieldValues>(
  error: unknown,
  setError?: UseFormReturn<Values, unknown, FieldValues>['setError'],
): string {
  if (error instanceof ApiError) {
    for (const [field, message] of Object.entries(error.fieldErrors)) {
      setError?.(field as Path<Values>, { type: 'server', message });
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The form's submit with the server's answer kept for under the form: the message clears on each
 * try, and a failed call shows its message (its field errors go onto the fields).
 */
export function useServerSubmit<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  onValid: (values: Output) => Promise<unknown>,
) {
  const [status, setStatus] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setStatus(null);
    try {
      await onValid(values);
    } catch (error) {
      setStatus(
        serverErrorOf(error, form.setError as UseFormReturn<Values, unknown, FieldValues>['setError']),
      );
    }
  });
  return { status, onSubmit };
}
