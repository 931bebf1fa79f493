import { Heading, Stack, Table } from '@chakra-ui/react';
import { getSellerBookings } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { usePagedQuery } from '../../components/use-paged-query.ts';

export default function SellerBookingsPage() {
  usePageTitle('My Bookings');
  const email = useAuth().user?.email ?? '';
  const { data, isPending, page, setPage, offset } = usePagedQuery(
    ['bookings', 'seller', email],
    (page) => getSellerBookings(email, page),
    { enabled: email !== '' },
  );
  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        My Bookings
      </Heading>
      <DataTable
        caption="Bookings of your cars"
        columns={['Sl No.', 'Buyer', 'Buyer Email', 'Phone', 'Meetup Location']}
        loading={isPending}
        count={data?.items.length ?? 0}
        empty="Nobody has booked your cars yet."
      >
        {data?.items.map((booking, index) => (
          <Table.Row key={booking._id}>
            <Table.Cell>{offset + index + 1}</Table.Cell>
            <Table.Cell>{booking.buyer}</Table.Cell>
            <Table.Cell>{booking.buyer_email}</Table.Cell>
            <Table.Cell>{booking.buyer_phone}</Table.Cell>
            <Table.Cell>{booking.meetup}</Table.Cell>
          </Table.Row>
        ))}
      </DataTable>
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
    </Stack>
  );
}
