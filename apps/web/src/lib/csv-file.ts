import { useState } from 'react';

/** What the browser says a .csv is: text/csv, Excel's type on Windows, or nothing. */
const csvTypes = ['text/csv', 'application/vnd.ms-excel', ''];

export interface CsvFileTexts {
  required: string;
  notCsv: string;
  empty: string;
}

/** A CSV upload's problem before it is sent (spec 2 §5 'CSV upload'), in the form's words; null when it may go. */
export function csvFileProblem(file: File | null, texts: CsvFileTexts): string | null {
  if (!file) return texts.required;
  if (!/\.csv$/i.test(file.name) || !csvTypes.includes(file.type)) return texts.notCsv;
  if (file.size === 0) return texts.empty;
  return null;
}

/**
 * An upload modal's chosen .csv and its problem, shown once a file is chosen or the upload tried:
 * `field` binds the file input (`onChoose` runs as a file is chosen, e.g. to clear the server's
 * message), `touch` marks a tried upload, `reset` empties it on close.
 */
export function useCsvFile(texts: CsvFileTexts, onChoose: () => void) {
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const problem = csvFileProblem(file, texts);
  return {
    file,
    problem,
    touched,
    field: {
      file,
      error: touched ? problem : null,
      onChange: (next: File | null) => {
        setFile(next);
        setTouched(true);
        onChoose();
      },
    },
    touch: () => setTouched(true),
    reset: () => {
      setFile(null);
      setTouched(false);
    },
  };
}
