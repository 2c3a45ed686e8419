import { Table, VisuallyHidden, type TableProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

interface Props extends Omit<TableProps, 'children'> {
  /** The column headings, in order: a text becomes a plain Table.Th, anything else (a Table.Th of its own, or null) stands as it is. */
  columns: ReactNode[];
  /** Wraps the table in a Table.ScrollContainer of this width; without it the table stands alone. */
  minWidth?: number;
  /** The body's rows. */
  children: ReactNode;
}

/** A table with one heading row: the skeleton every list and summary table shares. */
export function DataTable({ columns, minWidth, children, ...table }: Props) {
  const element = (
    <Table {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, i) => (
            <Fragment key={i}>{typeof c === 'string' ? <Table.Th>{c}</Table.Th> : c}</Fragment>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? element : <Table.ScrollContainer minWidth={minWidth}>{element}</Table.ScrollContainer>;
}

/** The heading of a last column of row actions, named for screen readers only. */
export function ActionsHeading({ className }: { className?: string }) {
  return (
    <Table.Th className={className}>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}
