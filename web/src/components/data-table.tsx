import { Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageLoader } from './page-loader.tsx';

/**
 * For a cell of long text (an email, a place, a name): the table keeps its lines whole and
 * scrolls sideways on narrow screens, but such a cell may wrap, so a wide table still fits.
 */
export const wraps = { whiteSpace: 'normal', minW: '6rem' } as const;

/** A table with a caption for screen readers, a loader and an empty message. */
export function DataTable({
  caption,
  columns,
  loading,
  empty,
  children,
  count,
}: {
  caption: string;
  columns: string[];
  loading: boolean;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  if (loading) return <PageLoader />;
  if (count === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm" striped>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
