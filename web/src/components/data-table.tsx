// The dashboard's lists: a table on larger screens, and on a phone a list of cards, one a row,
// each column a labelled line of its card, so nothing hides beyond a sideways scroll. A table
// wider than the space it is given (a wide table beside the dashboard's menu on a small laptop)
// shows as cards too, until the space is as wide as the table needs.
import { Box, DataList, HStack, Stack, Table, type TableCellProps, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { PageLoader } from './page-loader.tsx';
import { usePhone } from './use-media.ts';

export interface Column<Row> {
  /** The column's header; on a phone, the label of the card's line. */
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /**
   * Long text (an email, a place, a name): the table keeps its lines whole, but such a cell may
   * wrap, so a wide table still fits.
   */
  wraps?: boolean;
  /** The cell's own styles in the table. */
  cellProps?: TableCellProps;
  /**
   * Where the column goes on a phone's card: its `title`, a `picture` beside the title, the
   * row's `number` above it, or with the `actions` at its foot (buttons that name themselves);
   * a labelled line otherwise.
   */
  card?: 'title' | 'picture' | 'number' | 'actions';
}

const wrapping = { whiteSpace: 'normal', minW: '6rem', overflowWrap: 'anywhere' } as const;

/** A table with a caption for screen readers, a loader and an empty message. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  empty,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  loading: boolean;
  empty: string;
}) {
  const phone = usePhone();
  const { frame, area, fits } = useTableFits(rows);
  if (loading) return <PageLoader />;
  if (!rows || rows.length === 0) return <Text color="fg.muted">{empty}</Text>;
  const shown = { caption, columns, rows, rowKey };
  return (
    <Box ref={frame}>
      {phone || !fits ? <CardList {...shown} /> : <TableOf {...shown} area={area} />}
    </Box>
  );
}

/**
 * Whether the table fits its frame's width: `frame` is the space it is given, measured at once
 * and watched as it changes; `area` is the table's scrolling box, which records the width the
 * table needs when it overflows. Both are measured in layout effects, whose updates render
 * again before the browser paints, so a table that does not fit is never seen. Other rows (the
 * next page) try the table again.
 */
function useTableFits(rows: unknown) {
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const area = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(Number.POSITIVE_INFINITY);
  const [needed, setNeeded] = useState(0);
  useLayoutEffect(() => {
    if (!frame) return;
    setWidth(frame.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(frame.clientWidth));
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frame]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows are the reason to try again
  useLayoutEffect(() => setNeeded(0), [rows]);
  useLayoutEffect(() => {
    const table = area.current;
    // A pixel over is rounding, not a column out of sight.
    if (table && table.scrollWidth - table.clientWidth > 1)
      setNeeded(table.offsetWidth + table.scrollWidth - table.clientWidth);
  });
  return { frame: setFrame, area, fits: width >= needed };
}

/** What a table and its cards show: the rows, their columns and the caption naming them. */
type Shown<Row> = {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
};

function TableOf<Row>({
  caption,
  columns,
  rows,
  rowKey,
  area,
}: Shown<Row> & { area: RefObject<HTMLDivElement | null> }) {
  return (
    <Table.ScrollArea ref={area} borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm" striped>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header}>{column.header}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => (
            <Table.Row key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Cell
                  key={column.header}
                  {...(column.wraps ? wrapping : {})}
                  {...column.cellProps}
                >
                  {column.cell(row, index)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * On a phone, or where the table would not fit: a card a row, the title first, every other
 * column a labelled line.
 */
function CardList<Row>({ caption, columns, rows, rowKey }: Shown<Row>) {
  const placed = (where: Column<Row>['card']) => columns.filter((column) => column.card === where);
  const lines = columns.filter((column) => column.card === undefined);
  const actions = placed('actions');
  return (
    <Stack as="ul" aria-label={caption} gap="3" listStyleType="none">
      {rows.map((row, index) => (
        <Box
          as="li"
          key={rowKey(row)}
          borderWidth="1px"
          borderRadius="lg"
          p="4"
          // A link in a card (a car's name, As it was…) answers a fingertip, as buttons do.
          css={{ '& a[href]': { display: 'inline-flex', alignItems: 'center', minHeight: '44px' } }}
        >
          <HStack align="flex-start" gap="3">
            {placed('picture').map((column) => (
              <Box key={column.header} flexShrink={0}>
                {column.cell(row, index)}
              </Box>
            ))}
            <Stack gap="0.5" flex="1" minW="0">
              {placed('number').map((column) => (
                <Text key={column.header} fontSize="xs" color="fg.muted">
                  {column.header} {column.cell(row, index)}
                </Text>
              ))}
              {placed('title').map((column) => (
                <Box key={column.header} fontWeight="semibold" overflowWrap="anywhere">
                  {column.cell(row, index)}
                </Box>
              ))}
            </Stack>
          </HStack>
          {lines.length > 0 ? (
            <DataList.Root orientation="horizontal" size="sm" gap="2" mt="3">
              {lines.map((column) => (
                <DataList.Item key={column.header} alignItems="baseline">
                  <DataList.ItemLabel minW="7.5rem" flexShrink={0}>
                    {column.header}
                  </DataList.ItemLabel>
                  <DataList.ItemValue minW="0" overflowWrap="anywhere">
                    {column.cell(row, index)}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          ) : null}
          {actions.length > 0 ? (
            <HStack gap="2" wrap="wrap" mt="3">
              {actions.map((column) => (
                <Fragment key={column.header}>{column.cell(row, index)}</Fragment>
              ))}
            </HStack>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}
