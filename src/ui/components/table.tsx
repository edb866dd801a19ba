import type { ComponentChildren } from "preact";

export interface Column<T> {
  readonly header: string;
  readonly cell: (row: T) => ComponentChildren;
  /** Right-aligned (numbers). */
  readonly numeric?: boolean;
}

export interface TableProps<T> {
  /** What the table lists, for screen readers (its caption). */
  readonly caption: string;
  readonly columns: readonly Column<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string;
  readonly empty?: ComponentChildren;
}

/** A data table that scrolls sideways on narrow windows instead of squeezing its columns. */
export function Table<T>({ caption, columns, rows, rowKey, empty }: TableProps<T>) {
  if (rows.length === 0) return <p class="empty">{empty ?? "Nothing here yet."}</p>;
  return (
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" class={c.numeric ? "num" : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} data-key={rowKey(r)}>
              {columns.map((c) => (
                <td class={c.numeric ? "num" : undefined} data-label={c.header}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
