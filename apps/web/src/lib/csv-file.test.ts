import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { csvFileProblem, useCsvFile } from './csv-file.ts';

const texts = { required: 'Choose a file', notCsv: 'Not a CSV', empty: 'Empty file' };
const csvOf = (text: string, name = 'branches.csv') => new File([text], name, { type: 'text/csv' });

describe('csvFileProblem', () => {
  it('names what is wrong with the file before it is sent', () => {
    expect(csvFileProblem(null, texts)).toBe('Choose a file');
    expect(csvFileProblem(csvOf('a', 'branches.txt'), texts)).toBe('Not a CSV');
    expect(csvFileProblem(csvOf(''), texts)).toBe('Empty file');
    expect(csvFileProblem(csvOf('name\n'), texts)).toBeNull();
  });
});

describe('useCsvFile', () => {
  it('shows no problem until a file is chosen or the upload tried', () => {
    const { result } = renderHook(() => useCsvFile(texts, () => undefined));

    expect(result.current.problem).toBe('Choose a file');
    expect(result.current.field.error).toBeNull();
    act(() => result.current.touch());
    expect(result.current.field.error).toBe('Choose a file');
  });

  it('checks a chosen file at once, tells the modal, and forgets the file on reset', () => {
    const onChoose = vi.fn();
    const { result } = renderHook(() => useCsvFile(texts, onChoose));

    act(() => result.current.field.onChange(csvOf('')));
    expect(result.current.field.error).toBe('Empty file');
    expect(onChoose).toHaveBeenCalledOnce();
    act(() => result.current.reset());
    expect(result.current.file).toBeNull();
    expect(result.current.field.error).toBeNull();
  });
});
