import { Heading, Stack, Table } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getSellerBookings, PAGE_SIZE } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';

export default function SellerBookingsPage() {
  usePageTitle('My Bookings');
  const email = useAuth().user?.email ?? '';
  const [page, setPage] = useState(1);
  const { data, isPending } = useQuery({
    queryKey: ['bookings', 'seller', email, page],
    queryFn: () => getSellerBookings(email, page),
    enabled: email !== '',
    placeholderData: keepPreviousData,
  });
  const offset = (page - 1) * PAGE_SIZE;
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
