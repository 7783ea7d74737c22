import { FileInput, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { messages } from '@krowd/domain/messages/messages';

/** The header line a CSV upload expects, in small print that wraps anywhere. */
export function CsvColumns({ columns }: { columns: readonly string[] }) {
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {columns.join(',')}
    </Text>
  );
}

export interface CsvFileInputProps {
  file: File | null;
  /** The file's problem once the user has touched the field (lib/csv-file), else null. */
  error: string | null;
  onChange: (file: File | null) => void;
  label?: string;
  /** Where the columns are not shown above the field: the header line it expects. */
  columns?: readonly string[];
  required?: boolean;
}

/** The .csv chooser of the upload modals. */
export function CsvFileInput({
  file,
  error,
  onChange,
  label = messages.list.file,
  columns,
  required,
}: CsvFileInputProps) {
  return (
    <FileInput
      label={label}
      description={columns?.join(',')}
      placeholder={messages.list.chooseCsvFile}
      accept=".csv,text/csv"
      required={required}
      leftSection={<IconFileTypeCsv size={16} aria-hidden />}
      value={file}
      onChange={onChange}
      clearable
      error={error}
    />
  );
}
