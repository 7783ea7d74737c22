import { VisuallyHidden } from '@mantine/core';

export interface ChartDataTableProps {
  /** The chart's name, the table's caption. */
  caption: string;
  /** The two columns' headers: what each point is (a week, a slice) and what it measures. */
  columns: readonly [string, string];
  rows: readonly { label: string; value: string }[];
}

/**
 * A chart's figures as a table a screen reader reads (WCAG 1.1.1): the canvas is an image with a
 * name only; its points are here, hidden from sight (docs/decisions.md 'Colours, focus and landmarks').
 */
export function ChartDataTable({ caption, columns, rows }: ChartDataTableProps) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
